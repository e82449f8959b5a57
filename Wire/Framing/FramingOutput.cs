using System.Diagnostics.CodeAnalysis;
using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The sending side of one connection: every record goes out under one lock, so records never interleave and replies
/// leave in the order they were encoded. Once broken (the peer is gone, or the session closed the connection) nothing
/// more is written.
/// </summary>
[SuppressMessage(
    "Design",
    "CA1001:Types that own disposable fields should be disposable",
    Justification = "The semaphore's wait handle is never used, so it holds nothing to free; a send arriving after the connection closed must meet the session's own refusal, not a disposed lock.")]
internal sealed class FramingOutput(PipeWriter writer)
{
    private readonly SemaphoreSlim _gate = new(1, 1);
    private volatile PipeWriter _writer = writer;
    private volatile bool _broken;

    /// <summary>The transport's writer (the upgraded stream's after a stream upgrade); only written under the lock.</summary>
    public PipeWriter Writer => _writer;

    /// <summary>True once nothing more can be written.</summary>
    public bool IsBroken => _broken;

    /// <summary>Takes the write lock.</summary>
    public Task EnterAsync(CancellationToken cancellationToken = default) => _gate.WaitAsync(cancellationToken);

    /// <summary>Releases the write lock.</summary>
    public void Exit() => _gate.Release();

    /// <summary>Flushes what was written under the lock; false (and broken from now on) when the peer is gone or the flush was cancelled.</summary>
    public async ValueTask<bool> FlushAsync()
    {
        try
        {
            var result = await _writer.FlushAsync().ConfigureAwait(false);
            if (result.IsCanceled || result.IsCompleted)
            {
                _broken = true;
            }
        }
        catch (Exception ex) when (PeerGone.Is(ex))
        {
            // The transport reports a reset connection by throwing from the flush.
            _broken = true;
        }

        return !_broken;
    }

    /// <summary>
    /// Writes to <paramref name="upgraded"/> from now on (a stream upgrade completed, or its session ended and the
    /// connection is back on its own transport). Only switched while nothing is being written.
    /// </summary>
    public void Use(PipeWriter upgraded) => _writer = upgraded;

    /// <summary>Writes an Upgrade Response record and flushes; false when the peer is gone.</summary>
    public ValueTask<bool> WriteUpgradeResponseAsync() => WriteControlAsync(FramingRecordType.UpgradeResponse, null);

    /// <summary>Writes a Preamble Ack and flushes; false when the peer is gone.</summary>
    public ValueTask<bool> WritePreambleAckAsync() => WriteControlAsync(FramingRecordType.PreambleAck, null);

    /// <summary>Writes an End record and flushes; false when the peer is gone.</summary>
    public ValueTask<bool> WriteEndAsync() => WriteControlAsync(FramingRecordType.End, null);

    /// <summary>Writes a Fault record and flushes; false when the peer is gone.</summary>
    public ValueTask<bool> WriteFaultAsync(string fault) => WriteControlAsync(FramingRecordType.Fault, fault);

    /// <summary>Stops all writing: a flush in progress returns, and every later write is refused.</summary>
    public void Break()
    {
        _broken = true;
        _writer.CancelPendingFlush();
    }

    /// <summary>Breaks the output and completes the transport's writer (under the lock, so no write is half done).</summary>
    public async Task CompleteAsync()
    {
        _broken = true;
        await _gate.WaitAsync().ConfigureAwait(false);
        try
        {
            await CompleteQuietlyAsync(_writer).ConfigureAwait(false);
        }
        finally
        {
            _gate.Release();
        }
    }

    /// <summary>
    /// Completes <paramref name="writer"/>; a writer over a stream (an upgrade's) writes what it still holds as it
    /// completes, which fails quietly when the peer is gone.
    /// </summary>
    public static async ValueTask CompleteQuietlyAsync(PipeWriter writer)
    {
        try
        {
            await writer.CompleteAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (PeerGone.Is(ex) || ex is OperationCanceledException)
        {
            // Nobody is there to read the rest.
        }
    }

    private async ValueTask<bool> WriteControlAsync(FramingRecordType type, string? fault)
    {
        await _gate.WaitAsync().ConfigureAwait(false);
        try
        {
            if (_broken)
            {
                return false;
            }

            var writer = _writer;
            switch (type)
            {
                case FramingRecordType.PreambleAck:
                    FramingRecordWriter.WritePreambleAck(writer);
                    break;
                case FramingRecordType.UpgradeResponse:
                    FramingRecordWriter.WriteUpgradeResponse(writer);
                    break;
                case FramingRecordType.End:
                    FramingRecordWriter.WriteEnd(writer);
                    break;
                default:
                    FramingRecordWriter.WriteFault(writer, fault!);
                    break;
            }

            return await FlushAsync().ConfigureAwait(false);
        }
        finally
        {
            _gate.Release();
        }
    }
}
