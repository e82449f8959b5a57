using SoapRouter.Faults;
using SoapRouter.Routing;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>
/// Answers a message the router refuses itself (wrong content type, too large, unreadable, no route, busy, no
/// verbatim destination): writes the fault, counts it by kind and logs it. Faults correlate with the request when it
/// was read far enough to know its MessageID.
/// </summary>
internal sealed class ListenerRefusals
{
    private readonly RouterStatistics _statistics;
    private readonly ILogger _logger;

    /// <summary>Creates the writer; faults are counted in <paramref name="statistics"/>.</summary>
    public ListenerRefusals(RouterStatistics statistics, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(logger);
        _statistics = statistics;
        _logger = logger;
    }

    /// <summary>
    /// Refuses with a fault of <paramref name="code"/> and <paramref name="reason"/> in the listener's SOAP version (or the
    /// request's, when <paramref name="request"/> was read); <paramref name="statusCode"/> null uses the SOAP default.
    /// Returns the bytes written.
    /// </summary>
    public ValueTask<int> RefuseAsync(
        HttpContext context,
        SoapListener listener,
        SoapMessageView? request,
        SoapFaultCode code,
        string reason,
        int? statusCode,
        FaultKind kind,
        long bytesIn)
    {
        var fault = request is null
            ? SoapFaults.Create(listener.Binding.SoapVersion, code, reason)
            : SoapFaults.ForRequest(request, code, reason);
        return WriteAsync(context, listener, fault, statusCode ?? fault.StatusCode, kind, reason, bytesIn);
    }

    /// <summary>Refuses with a fault built by the caller (such as <see cref="SoapFaults.NoRoute"/>). Returns the bytes written.</summary>
    public async ValueTask<int> WriteAsync(
        HttpContext context,
        SoapListener listener,
        SoapFaultResponse fault,
        int statusCode,
        FaultKind kind,
        string reason,
        long bytesIn)
    {
        ArgumentNullException.ThrowIfNull(fault);
        var (body, contentType) = ListenerResponses.FaultBody(listener.Binding, fault);

        // Counted before the answer goes out, so a client that reads the statistics next sees its own message.
        _statistics.RecordFault(kind);
        _statistics.RecordMessage(path: null, oneWay: false, bytesIn, body.Length, failed: true);
        ListenerLog.Refused(_logger, listener.Name, statusCode, reason);
        await ListenerResponses.WriteFaultAsync(context, body, contentType, statusCode).ConfigureAwait(false);
        return body.Length;
    }
}
