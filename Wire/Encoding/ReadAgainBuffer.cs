using System.ServiceModel.Channels;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// A buffer of a received message (a text request on the re-encode path, a net.tcp session's message translated into
/// msbin1): the message WCF's codec read from the received bytes, handed out as it is the first time, and the bytes read
/// again for each later message (the routing view's is the first; an attempt after a failover, a copy, the body's check).
/// WCF's buffered copy reads its bytes again for every message it makes, the first one too, with a new reader each time:
/// a message sent once is now read once. The bytes (the listener's) must outlive this and every message made from it.
/// </summary>
public sealed class ReadAgainBuffer : MessageBuffer
{
    private readonly MessageCodec _codec;
    private readonly ArraySegment<byte> _bytes;
    private readonly string? _contentType;
    private Message? _first;
    private int _closed;

    /// <summary>
    /// A buffer of <paramref name="bytes"/>, which <paramref name="codec"/> read into <paramref name="first"/> (untouched:
    /// owned from here on), or null: nothing read yet, the first message is read when it is asked for.
    /// </summary>
    public ReadAgainBuffer(MessageCodec codec, ArraySegment<byte> bytes, string? contentType, Message? first)
    {
        ArgumentNullException.ThrowIfNull(codec);
        _codec = codec;
        _bytes = bytes;
        _contentType = contentType;
        _first = first;
    }

    /// <inheritdoc />
    public override int BufferSize => _bytes.Count;

    /// <inheritdoc />
    public override Message CreateMessage()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _closed) != 0, this);
        return Interlocked.Exchange(ref _first, null) ?? _codec.Read(_bytes, _contentType);
    }

    /// <inheritdoc />
    public override void Close()
    {
        if (Interlocked.Exchange(ref _closed, 1) == 0)
        {
            Interlocked.Exchange(ref _first, null)?.Close();
        }
    }
}
