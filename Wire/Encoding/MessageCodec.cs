using System.ServiceModel.Channels;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// One binding's WCF encoder with the limits it reads and writes under. The HTTP bindings' encoders are thread-safe
/// (WCF pools their XML readers and writers), so one codec per binding and limits serves every message; a net.tcp
/// session codec belongs to one connection and one direction.
/// </summary>
public sealed class MessageCodec
{
    // The message property WCF's MTOM encoder reads to leave the package's MIME headers out of the bytes it writes.
    private const string MtomWriteMessageHeaders = "System.ServiceModel.Channel.MtomMessageEncoder.WriteMessageHeaders";

    private readonly ArrayPoolBufferManager _buffers;

    /// <summary>Wraps <paramref name="encoder"/>, writing into buffers from <paramref name="buffers"/>.</summary>
    public MessageCodec(WireBinding binding, MessageEncoder encoder, WireLimits limits, ArrayPoolBufferManager? buffers = null)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(encoder);
        ArgumentNullException.ThrowIfNull(limits);
        Binding = binding;
        Encoder = encoder;
        Limits = limits;
        _buffers = buffers ?? ArrayPoolBufferManager.Shared;
    }

    /// <summary>The binding this codec speaks.</summary>
    public WireBinding Binding { get; }

    /// <summary>The WCF encoder.</summary>
    public MessageEncoder Encoder { get; }

    /// <summary>The limits messages are read and written under.</summary>
    public WireLimits Limits { get; }

    /// <summary>The content type the encoder writes.</summary>
    public string ContentType => Encoder.ContentType;

    /// <summary>The buffer manager written messages (and <see cref="ReadPooled"/>'s buffers) come from.</summary>
    public ArrayPoolBufferManager Buffers => _buffers;

    /// <summary>
    /// Reads a message from <paramref name="bytes"/> in place. Headers are read now; the body stays in the buffer until
    /// someone reads it. The caller keeps owning the buffer and must close every message read from it (and every copy)
    /// before the buffer goes back to its pool. Bad input throws what WCF's readers throw (XmlException,
    /// CommunicationException, QuotaExceededException, ...).
    /// </summary>
    public Message Read(ArraySegment<byte> bytes, string? contentType = null) =>
        Encoder.ReadMessage(bytes, CallerOwnedBufferManager.Instance, contentType ?? Encoder.ContentType);

    /// <summary>
    /// Reads a message from the first <paramref name="count"/> bytes of <paramref name="rentedBuffer"/>, an array rented
    /// from <see cref="Buffers"/>' pool, and takes ownership of it: WCF hands it back to the pool when the message, and
    /// every buffered copy of it and message made from those, are closed (WCF returns it then even if a body reader is
    /// still open, so close readers first). When reading throws, the array is returned before the exception leaves.
    /// Bad input throws what <see cref="Read"/> throws. The encoder may rewrite bytes inside the buffer.
    /// </summary>
    public Message ReadPooled(byte[] rentedBuffer, int count, string? contentType = null)
    {
        ArgumentNullException.ThrowIfNull(rentedBuffer);
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, rentedBuffer.Length);
        try
        {
            return Encoder.ReadMessage(new ArraySegment<byte>(rentedBuffer, 0, count), _buffers, contentType ?? Encoder.ContentType);
        }
        catch
        {
            // WCF opens the buffer's reference count only once the envelope reads; when it throws, nobody will close it.
            _buffers.ReturnBuffer(rentedBuffer);
            throw;
        }
    }

    /// <summary>
    /// Writes <paramref name="message"/> into a pooled buffer; the caller disposes the result. A message larger than
    /// <see cref="WireLimits.MaxMessageSize"/> throws <see cref="System.ServiceModel.QuotaExceededException"/>.
    /// </summary>
    public PooledMessageBytes Write(Message message) => Write(message, reservedPrefix: 0);

    /// <summary>
    /// Writes <paramref name="message"/> like <see cref="Write(Message)"/>, leaving at least
    /// <paramref name="reservedPrefix"/> bytes free before <see cref="PooledMessageBytes.Offset"/> for a transport's
    /// own header (a framing record head), so message and header go out without another copy.
    /// </summary>
    public PooledMessageBytes Write(Message message, int reservedPrefix)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentOutOfRangeException.ThrowIfNegative(reservedPrefix);
        if (Binding.IsMtom)
        {
            // As WCF's HTTP channel does: the MIME headers travel as the HTTP content type (this codec's ContentType), not in the body.
            message.Properties[MtomWriteMessageHeaders] = false;
        }

        var written = Encoder.WriteMessage(message, Limits.MaxMessageSize, _buffers, reservedPrefix);
        return new PooledMessageBytes(written.Array!, written.Offset, written.Count, _buffers.Pool);
    }

    /// <summary>Writes <paramref name="message"/> into a new array: for cold paths (faults, templates, tests).</summary>
    public byte[] WriteToArray(Message message)
    {
        using var bytes = Write(message);
        return bytes.ToArray();
    }
}
