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

    /// <summary>
    /// Reads a message from <paramref name="bytes"/> in place. Headers are read now; the body stays in the buffer until
    /// someone reads it. The caller keeps owning the buffer and must close every message read from it (and every copy)
    /// before the buffer goes back to its pool. Bad input throws what WCF's readers throw (XmlException,
    /// CommunicationException, QuotaExceededException, ...).
    /// </summary>
    public Message Read(ArraySegment<byte> bytes, string? contentType = null) =>
        Encoder.ReadMessage(bytes, CallerOwnedBufferManager.Instance, contentType ?? Encoder.ContentType);

    /// <summary>
    /// Writes <paramref name="message"/> into a pooled buffer; the caller disposes the result. A message larger than
    /// <see cref="WireLimits.MaxMessageSize"/> throws <see cref="System.ServiceModel.QuotaExceededException"/>.
    /// </summary>
    public PooledMessageBytes Write(Message message)
    {
        ArgumentNullException.ThrowIfNull(message);
        var written = Encoder.WriteMessage(message, Limits.MaxMessageSize, _buffers);
        return new PooledMessageBytes(written.Array!, written.Offset, written.Count, _buffers.Pool);
    }

    /// <summary>Writes <paramref name="message"/> into a new array: for cold paths (faults, templates, tests).</summary>
    public byte[] WriteToArray(Message message)
    {
        using var bytes = Write(message);
        return bytes.ToArray();
    }
}
