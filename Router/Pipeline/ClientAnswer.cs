using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Http;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Pipeline;

/// <summary>
/// What the pipeline answers a client. An HTTP listener gets encoded bytes it writes as they are. A session listener
/// (net.tcp) gets a message, which its connection encodes itself, in send order, because the session's dictionary
/// depends on that order. A streamed listener gets the destination's reply still open (<see cref="Streamed"/>), which it
/// passes on as it arrives. A one-way message gets only an acknowledgement (HTTP 202; nothing on a session), and a session's
/// one-way message the router must refuse ends its session instead (<see cref="EndSession"/>): a session has no answer to
/// a one-way message to refuse it in.
/// Disposing releases the bytes, the message and whatever the message still reads from.
/// </summary>
internal sealed class ClientAnswer : IDisposable
{
    private readonly IDisposable? _owner;
    private readonly int? _destinationLength;

    private ClientAnswer(
        RawSoapReply? encoded, Message? message, bool isFault, IDisposable? owner, Streaming.StreamedAnswer? streamed = null, int? destinationLength = null)
    {
        _destinationLength = destinationLength;
        Streamed = streamed;
        Encoded = encoded;
        Message = message;
        IsFault = isFault;
        _owner = owner;
    }

    /// <summary>The bytes for an HTTP client; null for a session answer.</summary>
    public RawSoapReply? Encoded { get; }

    /// <summary>The message for a session client; null for an HTTP answer.</summary>
    public Message? Message { get; }

    /// <summary>The open reply for a streamed listener's client; null otherwise.</summary>
    public Streaming.StreamedAnswer? Streamed { get; }

    /// <summary>How the response cache answered it (HIT or MISS for <c>X-Cache</c>); null when the action is not cached.</summary>
    public Caching.CacheResult? CacheResult { get; set; }

    /// <summary>True for a SOAP fault (the backend's or the router's).</summary>
    public bool IsFault { get; }

    /// <summary>True when, instead of an answer, the session client's session ends (with <see cref="SessionFault"/>).</summary>
    public bool EndsSession { get; private init; }

    /// <summary>The framing fault the session ends with (one of Wire's <c>FramingFaults</c>); null: it is aborted, with no fault.</summary>
    public string? SessionFault { get; private init; }

    /// <summary>True for the acknowledgement of a one-way message: no envelope at all.</summary>
    public bool IsOneWayAck => Message is null && Streamed is null && !EndsSession && (Encoded is null || Encoded.IsEmpty);

    /// <summary>The encoded length when the pipeline knows it (HTTP answers); 0 for session and streamed answers, whose bytes are counted as they go.</summary>
    public int Length => Encoded?.Length ?? 0;

    /// <summary>
    /// The bytes the answering destination sent: <see cref="Length"/>, unless the reply was re-encoded for the client (the
    /// length its maker gave; 0 for a session's reply, whose bytes are not known here).
    /// </summary>
    public int DestinationLength => _destinationLength ?? Length;

    /// <summary>Bytes for an HTTP client. A fault goes out as HTTP 500 whatever status the backend used: a WCF client reads a fault only from a 500.</summary>
    /// <param name="encoded">The bytes.</param>
    /// <param name="isFault">True for a SOAP fault.</param>
    /// <param name="destinationLength">What the destination sent, when the bytes were re-encoded from it; null: these bytes.</param>
    public static ClientAnswer FromEncoded(RawSoapReply encoded, bool isFault, int? destinationLength = null)
    {
        ArgumentNullException.ThrowIfNull(encoded);
        if (isFault)
        {
            encoded.AnswerWith(SoapFaultMessages.HttpStatusCode);
        }

        return new ClientAnswer(encoded, null, isFault, null, destinationLength: destinationLength);
    }

    /// <summary>The router's own fault for an HTTP client, with the status it chose (400, 403, 413, 503, ...): a fault, sent as it is.</summary>
    public static ClientAnswer RouterFault(RawSoapReply encoded)
    {
        ArgumentNullException.ThrowIfNull(encoded);
        return new ClientAnswer(encoded, null, isFault: true, null);
    }

    /// <summary>A message for a session client; <paramref name="owner"/> (if any) is what it reads from, released with it.</summary>
    /// <param name="message">The message.</param>
    /// <param name="isFault">True for a SOAP fault.</param>
    /// <param name="owner">What it reads from, released with it.</param>
    /// <param name="destinationLength">What the destination sent, when known (an HTTP destination's reply bytes).</param>
    public static ClientAnswer FromMessage(Message message, bool isFault, IDisposable? owner = null, int destinationLength = 0)
    {
        ArgumentNullException.ThrowIfNull(message);
        return new ClientAnswer(null, message, isFault, owner, destinationLength: destinationLength);
    }

    /// <summary>A destination's reply for a streamed listener's client, passed on as it arrives; owned from now on.</summary>
    public static ClientAnswer FromStreamed(Streaming.StreamedAnswer answer)
    {
        ArgumentNullException.ThrowIfNull(answer);
        return new ClientAnswer(null, null, answer.IsFault, null, answer);
    }

    /// <summary>
    /// For a session client's one-way message the router refuses: no answer, the session ends with
    /// <paramref name="framingFault"/> (ServerTooBusy: WCF's ServerTooBusyException), or is aborted when it is null.
    /// </summary>
    public static ClientAnswer EndSession(string? framingFault) =>
        new(null, null, isFault: true, null) { EndsSession = true, SessionFault = framingFault };

    /// <summary>The acknowledgement of a one-way message (HTTP 202, or nothing on a session).</summary>
    public static ClientAnswer OneWayAck() => new(RawSoapReply.Empty(StatusCodes.Status202Accepted, contentType: null), null, false, null);

    /// <inheritdoc />
    public void Dispose()
    {
        Encoded?.Dispose();
        Streamed?.Dispose();
        Message?.Close();
        _owner?.Dispose();
    }
}
