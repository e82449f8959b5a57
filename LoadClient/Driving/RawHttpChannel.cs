using LoadClient.Compression;

namespace LoadClient.Driving;

/// <summary>One raw-mode worker's state around the shared <see cref="SoapRequestSender"/>: its reply scratch buffer and timeout.</summary>
internal sealed class RawHttpChannel : ILoadChannel
{
    // Reply bodies are read into this and dropped: only their length matters.
    private readonly byte[] _scratch = new byte[64 * 1024];
    private readonly SoapRequestSender _sender;
    private readonly Random _random;
    private readonly CancellationToken _stop;
    private readonly CompressionBuffers? _buffers;
    private CancellationTokenSource _timeout;

    /// <summary>Sends with <paramref name="sender"/> until <paramref name="stop"/> fires, picking templates with <paramref name="random"/>.</summary>
    public RawHttpChannel(SoapRequestSender sender, Random random, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(sender);
        ArgumentNullException.ThrowIfNull(random);
        _sender = sender;
        _random = random;
        _stop = stop;
        _timeout = CancellationTokenSource.CreateLinkedTokenSource(stop);
        _buffers = sender.Compression is null ? null : new CompressionBuffers();
    }

    /// <inheritdoc />
    public Task<SendResult> SendAsync()
    {
        // One timeout source per worker, reset between requests; a fired one cannot be reset and is replaced.
        if (!_timeout.TryReset())
        {
            _timeout.Dispose();
            _timeout = CancellationTokenSource.CreateLinkedTokenSource(_stop);
        }

        _timeout.CancelAfter(_sender.Timeout);
        var template = _sender.Templates.Pick(_random);
        return _buffers is null
            ? _sender.SendAsync(template, _scratch, _timeout.Token, _stop, _sender.Templates.Keys?.Next(_random))
            : _sender.SendCompressedAsync(template, _buffers, _timeout.Token, _stop);
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync()
    {
        _timeout.Dispose();
        _buffers?.Dispose();
        return ValueTask.CompletedTask;
    }
}
