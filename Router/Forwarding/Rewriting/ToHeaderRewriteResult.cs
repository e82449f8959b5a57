using System.Buffers;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// What <see cref="ToHeaderRewriter"/> produced. Only a <see cref="ToHeaderRewriteStatus.Rewritten"/> result owns
/// memory (a rented buffer, returned by <see cref="Dispose"/>); every other result is a shared instance, so those
/// paths allocate nothing. Dispose once the rewritten bytes have been sent.
/// </summary>
internal sealed class ToHeaderRewriteResult : IDisposable
{
    private static readonly ToHeaderRewriteResult[] Failures =
    [
        new(ToHeaderRewriteStatus.Failed, ToHeaderRewriteError.None),
        new(ToHeaderRewriteStatus.Failed, ToHeaderRewriteError.Malformed),
        new(ToHeaderRewriteStatus.Failed, ToHeaderRewriteError.NotSoapEnvelope),
        new(ToHeaderRewriteStatus.Failed, ToHeaderRewriteError.Ambiguous),
        new(ToHeaderRewriteStatus.Failed, ToHeaderRewriteError.Unsupported),
    ];

    private readonly ArrayPool<byte>? _pool;
    private byte[]? _buffer;
    private readonly int _length;

    private ToHeaderRewriteResult(ToHeaderRewriteStatus status, ToHeaderRewriteError error)
    {
        Status = status;
        Error = error;
    }

    private ToHeaderRewriteResult(byte[] buffer, int length, ArrayPool<byte> pool)
    {
        Status = ToHeaderRewriteStatus.Rewritten;
        _buffer = buffer;
        _length = length;
        _pool = pool;
    }

    /// <summary>The shared result for a message without a wsa:To header.</summary>
    public static ToHeaderRewriteResult NotPresent { get; } = new(ToHeaderRewriteStatus.NotPresent, ToHeaderRewriteError.None);

    /// <summary>The shared result for a message whose wsa:To already holds the address.</summary>
    public static ToHeaderRewriteResult Unchanged { get; } = new(ToHeaderRewriteStatus.Unchanged, ToHeaderRewriteError.None);

    /// <summary>What happened.</summary>
    public ToHeaderRewriteStatus Status { get; }

    /// <summary>Why it failed; <see cref="ToHeaderRewriteError.None"/> unless <see cref="Status"/> is Failed.</summary>
    public ToHeaderRewriteError Error { get; }

    /// <summary>The rewritten message; empty unless <see cref="Status"/> is Rewritten. Valid until disposed.</summary>
    public ReadOnlyMemory<byte> Message
    {
        get
        {
            if (Status != ToHeaderRewriteStatus.Rewritten)
            {
                return ReadOnlyMemory<byte>.Empty;
            }

            ObjectDisposedException.ThrowIf(_buffer is null, this);
            return new ReadOnlyMemory<byte>(_buffer, 0, _length);
        }
    }

    /// <summary>The bytes to forward: the rewritten message, or <paramref name="original"/> when nothing was rewritten.</summary>
    public ReadOnlyMemory<byte> Select(ReadOnlyMemory<byte> original) =>
        Status == ToHeaderRewriteStatus.Rewritten ? Message : original;

    /// <summary>The shared result for a failure of kind <paramref name="error"/>.</summary>
    public static ToHeaderRewriteResult Failed(ToHeaderRewriteError error) => Failures[(int)error];

    /// <summary>A result owning <paramref name="buffer"/>, rented from <paramref name="pool"/>, of which <paramref name="length"/> bytes are the message.</summary>
    public static ToHeaderRewriteResult Rewritten(byte[] buffer, int length, ArrayPool<byte> pool) => new(buffer, length, pool);

    /// <summary>Returns the rented buffer, once; shared results have nothing to return.</summary>
    public void Dispose()
    {
        var buffer = Interlocked.Exchange(ref _buffer, null);
        if (buffer is not null)
        {
            _pool!.Return(buffer);
        }
    }
}
