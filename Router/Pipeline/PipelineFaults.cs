using SoapRouter.Forwarding.Http;
using SoapRouter.Listening;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Pipeline;

/// <summary>
/// The answers the router gives itself (unreadable message, no route, no destination answered, busy, too large): a SOAP
/// fault in the listener's binding, written by WCF's encoder, counted by kind and logged. Reasons are fixed sentences,
/// never exception text. Every fault is HTTP 500 unless the refusal is a transport one (413, 415, 503).
/// </summary>
internal sealed class PipelineFaults
{
    /// <summary>Reason of a fault for a message with no usable destination.</summary>
    public const string Unavailable = "The service is unavailable.";

    /// <summary>Reason of a fault for a message whose destinations did not answer in time.</summary>
    public const string TimedOut = "The service is unavailable: it did not answer in time.";

    /// <summary>
    /// The fault for a caller a route's client certificate rules refuse: Sender, subcode wsse:FailedAuthentication (a WCF
    /// client on a session raises SecurityAccessDeniedException for it; over HTTP the 403 it comes with raises
    /// MessageSecurityException first). Says no more than that: which rule or certificate is none of the caller's business.
    /// </summary>
    public static readonly SoapFaultSpec AccessDenied = SoapFaultSpec.Sender("Access is denied.", "FailedAuthentication", Wire.Soap.SoapNamespaces.WsSecurity10);

    /// <summary>Reason of a fault for a durable message the queue store could not keep (full, or not writable): try again later.</summary>
    public const string NotKept = "The router cannot keep the message now; try again later.";

    /// <summary>Reason of a fault for a message whose destination's reply the router could not re-encode for the client.</summary>
    public const string ReplyNotReencoded = "The service's reply could not be re-encoded for this client.";

    /// <summary>Reason of a fault for a message whose destination answered with an HTTP error and no SOAP fault.</summary>
    public const string BackendError = "The service failed to process the message.";

    // An action echoed back in a reason is client input: bounded so a fault cannot be made to reflect a large payload.
    private const int MaxEchoedActionLength = 256;

    private readonly OutcomeRecorder _outcomes;
    private readonly ILogger _logger;
    private readonly HttpCodecs _codecs;

    /// <summary>Creates the writer; refusals are recorded by <paramref name="outcomes"/>.</summary>
    public PipelineFaults(OutcomeRecorder outcomes, ILogger<PipelineFaults> logger)
    {
        ArgumentNullException.ThrowIfNull(outcomes);
        ArgumentNullException.ThrowIfNull(logger);
        _outcomes = outcomes;
        _logger = logger;

        // Faults are small: default limits do for writing them, whatever the config says.
        _codecs = new HttpCodecs(WireLimits.Default);
    }

    /// <summary>The reason of the fault for a message no route matches.</summary>
    public static string NoRouteReason(string? action) => action is null
        ? "No route matches the message, which has no action."
        : $"No route matches action '{Truncate(action)}'.";

    /// <summary>
    /// Answers the message of <paramref name="context"/>, which a listener refuses before the pipeline reads it, with
    /// <paramref name="fault"/>; recorded as its outcome, <paramref name="kind"/>.
    /// </summary>
    public ClientAnswer Refuse(
        MessageContext context,
        SoapFaultSpec fault,
        FaultKind kind,
        long bytesIn,
        int statusCode = SoapFaultMessages.HttpStatusCode)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(fault);
        var listener = context.Listener;
        var answer = Write(listener.Binding, fault, relatesTo: null, statusCode);

        _outcomes.RecordRefused(context, kind, bytesIn, answer.Length);
        PipelineLog.Refused(_logger, listener.Name, statusCode, fault.Reason);
        return answer;
    }

    /// <summary>
    /// <paramref name="fault"/> as an answer on <paramref name="binding"/>, uncounted: encoded for an HTTP binding, a
    /// message for a session's connection to encode.
    /// </summary>
    public ClientAnswer Write(WireBinding binding, SoapFaultSpec fault, string? relatesTo, int statusCode = SoapFaultMessages.HttpStatusCode)
    {
        ArgumentNullException.ThrowIfNull(binding);
        var message = SoapFaultMessages.Create(binding.MessageVersion, fault, relatesTo);
        if (binding.IsSession)
        {
            return ClientAnswer.FromMessage(message, isFault: true);
        }

        var codec = _codecs[binding];
        byte[] body;
        try
        {
            body = codec.WriteToArray(message);
        }
        finally
        {
            message.Close();
        }

        return ClientAnswer.RouterFault(new RawSoapReply(statusCode, codec.ContentType, body, body.Length, pool: null));
    }

    private static string Truncate(string value) =>
        value.Length <= MaxEchoedActionLength ? value : string.Concat(value.AsSpan(0, MaxEchoedActionLength), "...");
}
