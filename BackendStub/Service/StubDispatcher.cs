using System.Globalization;
using System.Runtime.Serialization;
using System.Xml;
using Samples.Contracts;
using BackendStub.Hosting;
using Samples.Payloads;
using BackendStub.Soap;

namespace BackendStub.Service;

/// <summary>
/// Processes one SOAP request as a stock WCF service would, in WCF's order: read the envelope, address filter
/// (WS-Addressing endpoints only), contract filter (the action), deserialize the body, then the operation; the
/// injected latency and faults stand in for the operation's own time and failures.
/// </summary>
internal sealed class StubDispatcher
{
    /// <summary>Largest numOrders GetOrders serves, so one request cannot make the stub build gigabytes.</summary>
    public const int MaxOrders = 10_000;

    private readonly StubOptions _options;
    private readonly StubStatistics _statistics;
    private readonly FaultInjector _faults;
    private readonly LatencyInjector _latency;
    private readonly PayloadGenerator _generator;
    private readonly XmlDictionaryReaderQuotas _quotas;

    public StubDispatcher(StubOptions options, StubStatistics statistics, FaultInjector faults, LatencyInjector latency)
    {
        _options = options;
        _statistics = statistics;
        _faults = faults;
        _latency = latency;
        _generator = new PayloadGenerator(options.Profile, options.Seed);

        // The body is already bounded by MaxMessageSize; the quotas only need to let such a body through.
        _quotas = new XmlDictionaryReaderQuotas
        {
            MaxArrayLength = options.MaxMessageSize,
            MaxStringContentLength = options.MaxMessageSize,
            MaxBytesPerRead = 64 * 1024,
            MaxDepth = 64,
            MaxNameTableCharCount = 64 * 1024,
        };
    }

    /// <summary>
    /// Answers the message in <paramref name="body"/> received on <paramref name="binding"/>'s endpoint, whose own
    /// address is <paramref name="endpoint"/>. <paramref name="httpAction"/> is the SOAPAction header (basicHttp) or
    /// the content type's action parameter (SOAP 1.2), already unquoted.
    /// </summary>
    public async ValueTask<StubReply> DispatchAsync(SoapBinding binding, RequestBody body, string? httpAction, Uri endpoint, CancellationToken cancellationToken)
    {
        using var reader = SoapEnvelopeReader.CreateReader(binding, body.Buffer, 0, body.Length, _quotas);
        SoapHeaders? headers;
        string? error;
        try
        {
            headers = SoapEnvelopeReader.ReadToBody(reader, binding, out error);
        }
        catch (XmlException ex)
        {
            return Fault(binding, WcfFaults.MalformedMessage(DescribeXmlError(ex)), relatesTo: null);
        }

        if (headers is null)
        {
            return Fault(binding, WcfFaults.MalformedMessage(error ?? "not a SOAP envelope."), relatesTo: null);
        }

        var addressing = SoapBindings.UsesAddressing(binding);
        var action = addressing ? headers.Action ?? httpAction : httpAction;
        var relatesTo = addressing ? headers.MessageId : null;
        _statistics.ActionSeen(action ?? string.Empty);

        if (addressing && !AddressFilter.Matches(headers.To, endpoint, _options.AddressFilter))
        {
            return Fault(binding, WcfFaults.DestinationUnreachable(headers.To), relatesTo);
        }

        try
        {
            return action switch
            {
                EchoServiceActions.Echo => await EchoAsync(binding, reader, relatesTo, cancellationToken).ConfigureAwait(false),
                OrderServiceActions.GetOrders => await GetOrdersAsync(binding, reader, relatesTo, cancellationToken).ConfigureAwait(false),
                OrderServiceActions.SubmitOrder => SubmitOrder(reader),
                _ => Fault(binding, WcfFaults.ActionNotSupported(binding, action), relatesTo),
            };
        }
        catch (Exception ex) when (ex is SerializationException or XmlException)
        {
            var operation = action is null ? string.Empty : action[(action.LastIndexOf('/') + 1)..];
            var detail = ex is XmlException xml ? DescribeXmlError(xml) : Bounded(ex.Message);
            return Fault(binding, WcfFaults.DeserializationFailed(operation, detail), relatesTo);
        }
    }

    private async ValueTask<StubReply> EchoAsync(SoapBinding binding, XmlDictionaryReader reader, string? relatesTo, CancellationToken cancellationToken)
    {
        var payload = OperationMessages.EchoRequest.Read(reader);
        if (await InjectAsync(binding, relatesTo, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        return Reply(binding, EchoServiceActions.EchoResponse, relatesTo, writer => OperationMessages.EchoResponse.Write(writer, payload));
    }

    private async ValueTask<StubReply> GetOrdersAsync(SoapBinding binding, XmlDictionaryReader reader, string? relatesTo, CancellationToken cancellationToken)
    {
        var count = OperationMessages.GetOrdersRequest.Read(reader);
        if (count is < 0 or > MaxOrders)
        {
            throw new SerializationException(string.Create(CultureInfo.InvariantCulture, $"numOrders must be from 0 to {MaxOrders}; got {count}."));
        }

        if (await InjectAsync(binding, relatesTo, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        var orders = _generator.GetOrders(count);
        return Reply(binding, OrderServiceActions.GetOrdersResponse, relatesTo, writer => OperationMessages.GetOrdersResponse.Write(writer, orders));
    }

    private StubReply SubmitOrder(XmlDictionaryReader reader)
    {
        // WCF answers a one-way message over HTTP with 202 as soon as it is accepted, before the operation runs:
        // a body that does not deserialize is not reported to the sender, only left out of the count.
        try
        {
            if (OperationMessages.SubmitOrderRequest.Read(reader) is not null)
            {
                _statistics.OneWayReceived();
            }
        }
        catch (Exception ex) when (ex is SerializationException or XmlException)
        {
            // Not counted; see above.
        }

        return StubReply.Accepted;
    }

    /// <summary>The injected latency, then the injected fault if this request draws one.</summary>
    private async ValueTask<StubReply?> InjectAsync(SoapBinding binding, string? relatesTo, CancellationToken cancellationToken)
    {
        await _latency.DelayAsync(cancellationToken).ConfigureAwait(false);
        var decision = _faults.Next();
        if (!decision.IsFault)
        {
            return null;
        }

        _statistics.FaultReturned(injected: true);
        var fault = WcfFaults.Injected(decision.RequestNumber);
        return new StubReply(fault.StatusCode(binding), SoapEnvelopeWriter.WriteFault(binding, fault, relatesTo), SoapBindings.ContentType(binding));
    }

    private StubReply Fault(SoapBinding binding, SoapFault fault, string? relatesTo)
    {
        _statistics.FaultReturned(injected: false);
        return new StubReply(fault.StatusCode(binding), SoapEnvelopeWriter.WriteFault(binding, fault, relatesTo), SoapBindings.ContentType(binding));
    }

    private static StubReply Reply(SoapBinding binding, string replyAction, string? relatesTo, Action<XmlDictionaryWriter> writeBody)
    {
        var headers = new SoapHeaders(replyAction, RelatesTo: relatesTo);
        return new StubReply(200, SoapEnvelopeWriter.Write(binding, headers, writeBody), SoapBindings.ContentType(binding, replyAction));
    }

    // Serializer messages quote element names from the request: bounded so a fault cannot reflect a large payload.
    private static string Bounded(string text) => text.Length <= 512 ? text : string.Concat(text.AsSpan(0, 512), "...");

    // A fixed sentence with the position only: the exception text may quote the client's bytes.
    private static string DescribeXmlError(XmlException ex) => ex.LineNumber > 0
        ? string.Create(CultureInfo.InvariantCulture, $"the XML is not well formed (line {ex.LineNumber}, position {ex.LinePosition}).")
        : "the XML is not well formed.";
}
