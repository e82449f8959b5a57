using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Forwarding.Transcoding;

/// <summary>
/// A text message as msbin1 for one destination: the transcoder's rented output and, when To had to change, the splice's
/// own copy of it. <see cref="Bytes"/> is what goes on the wire; disposing returns both rentals.
/// </summary>
internal sealed class TranscodedRequest : IDisposable
{
    private readonly ArrayPoolBufferManager _buffers;
    private readonly ToHeaderRewriteResult _edited;
    private byte[]? _translated;

    /// <summary>The transcoder's output (<paramref name="translated"/>, rented from <paramref name="buffers"/>) and its To splice.</summary>
    public TranscodedRequest(byte[] translated, ArrayPoolBufferManager buffers, ToHeaderRewriteResult edited, ReadOnlyMemory<byte> bytes)
    {
        _translated = translated;
        _buffers = buffers;
        _edited = edited;
        Bytes = bytes;
    }

    /// <summary>The msbin1 message with its To set; valid until disposed.</summary>
    public ReadOnlyMemory<byte> Bytes { get; }

    /// <inheritdoc />
    public void Dispose()
    {
        _edited.Dispose();
        if (Interlocked.Exchange(ref _translated, null) is { } translated)
        {
            _buffers.ReturnBuffer(translated);
        }
    }
}
