using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Http;
using SoapRouter.Routing;
using SoapRouter.Streaming;

namespace SoapRouter.Forwarding;

/// <summary>
/// What a destination answered, as it answered it: nothing is made for a client here. On the verbatim path the bytes it
/// sent (<see cref="Bytes"/>, in the client's encoding already); on a re-encode path the reply as the destination's
/// encoder read it (<see cref="Message"/>, with the bytes it reads from, if any); a streamed destination's reply still
/// open (<see cref="Stream"/>); or an acknowledgement with no envelope (a one-way message, or one relayed on a client's
/// own backend session). A sender returns it whether or not a client waits for it (a deliverer or a copy just disposes it);
/// the client's answer is made from it after forwarding. Disposing releases whatever it still holds.
/// </summary>
internal sealed class DestinationReply : IDisposable
{
    private static readonly DestinationReply Ack = new(null, null, null, isFault: false);

    private DestinationReply(
        RawSoapReply? bytes, StreamedReply? stream, Message? message, bool isFault, SoapBodySource envelope = default, int? destinationLength = null)
    {
        Bytes = bytes;
        DestinationLength = destinationLength;
        Stream = stream;
        Message = message;
        IsFault = isFault;
        Envelope = envelope;
    }

    /// <summary>
    /// The bytes for the client: what an HTTP destination sent, in its encoding (the verbatim path), or its reply transcoded to the
    /// client's encoding (<see cref="Transcoded"/>); null for a session's or a streamed reply.
    /// </summary>
    public RawSoapReply? Bytes { get; private set; }

    /// <summary>A streamed destination's reply, its body still coming; null otherwise.</summary>
    public StreamedReply? Stream { get; private set; }

    /// <summary>The reply as the destination's encoder read it (re-encode paths); null on the verbatim path.</summary>
    public Message? Message { get; private set; }

    /// <summary>
    /// The envelope in <see cref="Bytes"/> that <see cref="Message"/> was read from, when the re-encode path can read it
    /// again (<see cref="Pipeline.PipelineState.Envelope"/>); valid while the bytes are, default otherwise.
    /// </summary>
    public SoapBodySource Envelope { get; }

    /// <summary>True for a SOAP fault (the status said so, or the message is one).</summary>
    public bool IsFault { get; }

    /// <summary>True when the bytes (or stream) are passed to the client as they are: same encoding on both hops.</summary>
    public bool IsVerbatim => Message is null && (Bytes is not null || Stream is not null);

    /// <summary>True for an acknowledgement with no envelope: a one-way message accepted, or a message relayed on a bound session.</summary>
    public bool IsAcknowledgement => Bytes is null && Stream is null && Message is null;

    /// <summary>The bytes the destination sent, when known here (an HTTP reply); 0 otherwise.</summary>
    public int Length => DestinationLength ?? Bytes?.Length ?? 0;

    /// <summary>What the destination sent when <see cref="Bytes"/> are a transcoding of it; null when they are what it sent.</summary>
    public int? DestinationLength { get; }

    /// <summary>An acknowledgement with no envelope (HTTP 202 from the destination, or nothing to wait for).</summary>
    public static DestinationReply Acknowledged() => Ack;

    /// <summary>An HTTP destination's bytes, passed to the client as they are; owned from here on.</summary>
    public static DestinationReply Verbatim(RawSoapReply bytes, bool isFault)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        return new DestinationReply(bytes, null, null, isFault);
    }

    /// <summary>
    /// A destination's reply of <paramref name="destinationLength"/> bytes, transcoded to the client's encoding without WCF
    /// (<see cref="Transcoding.TextMsbin1Transcoding"/>): passed to the client as <paramref name="bytes"/> are; owned from here on.
    /// </summary>
    public static DestinationReply Transcoded(RawSoapReply bytes, bool isFault, int destinationLength)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        return new DestinationReply(bytes, null, null, isFault, destinationLength: destinationLength);
    }

    /// <summary>
    /// A reply read by the destination's encoder from <paramref name="bytes"/> (null for a session's reply); both owned from
    /// here on. <paramref name="envelope"/>: the envelope in those bytes, when it can be read again.
    /// </summary>
    public static DestinationReply Read(Message message, RawSoapReply? bytes, bool isFault, SoapBodySource envelope = default)
    {
        ArgumentNullException.ThrowIfNull(message);
        return new DestinationReply(bytes, null, message, isFault || message.IsFault, bytes is null ? default : envelope);
    }

    /// <summary>A streamed reply, passed on as it is (<paramref name="read"/> null) or with its header section read for a re-encode; owned from here on.</summary>
    public static DestinationReply Streamed(StreamedReply stream, Message? read, bool isFault)
    {
        ArgumentNullException.ThrowIfNull(stream);
        return new DestinationReply(null, stream, read, isFault || read?.IsFault == true);
    }

    /// <summary>Hands over what this reply holds: the caller owns the parts it took, and disposing this releases nothing more.</summary>
    public (RawSoapReply? Bytes, StreamedReply? Stream, Message? Message) Take()
    {
        var taken = (Bytes, Stream, Message);
        Bytes = null;
        Stream = null;
        Message = null;
        return taken;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (ReferenceEquals(this, Ack))
        {
            return;
        }

        var (bytes, stream, message) = Take();
        message?.Close();
        bytes?.Dispose();
        stream?.Dispose();
    }
}
