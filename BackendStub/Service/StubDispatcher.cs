using System.Globalization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace BackendStub.Service;

/// <summary>
/// Processes one SOAP request as a stock WCF service does, in WCF's order: read the message with the endpoint's WCF
/// encoder, address filter (WS-Addressing endpoints only), contract filter (the action), deserialize the body, then
/// the operation, whose own time and failures the injected latency and faults stand in for. Replies and faults are
/// WCF messages written by the same encoder.
/// </summary>
internal sealed class StubDispatcher
{
    /// <summary>Largest numOrders GetOrders serves, so one request cannot make the stub build gigabytes.</summary>
    public const int MaxOrders = 10_000;

    /// <summary>
    /// Largest reply the stub writes. Requests are bounded by <see cref="StubOptions.MaxMessageSize"/> before they are
    /// read; replies (GetOrders(10000) of a large profile) may be far larger, as a backend's may.
    /// </summary>
    public const int MaxReplySize = 256 * 1024 * 1024;

    private readonly StubOptions _options;
    private readonly StubStatistics _statistics;
    private readonly FaultInjector _faults;
    private readonly LatencyInjector _latency;
    private readonly PayloadGenerator _generator;
    private readonly Dictionary<StubSoapEndpoint, MessageCodec> _codecs = [];

    public StubDispatcher(StubOptions options, StubStatistics statistics, FaultInjector faults, LatencyInjector latency)
    {
        _options = options;
        _statistics = statistics;
        _faults = faults;
        _latency = latency;
        _generator = new PayloadGenerator(options.Profile, options.Seed);

        // Reader quotas only need to let a request of MaxMessageSize through (its size is checked before reading).
        var limits = new WireLimits
        {
            MaxMessageSize = Math.Max(options.MaxMessageSize, MaxReplySize),
            MaxStringContentLength = Math.Max(options.MaxMessageSize, 8192),
            MaxArrayLength = Math.Max(options.MaxMessageSize, 8192),
        };
        foreach (var endpoint in StubSoapEndpoints.All)
        {
            _codecs[endpoint] = endpoint.Binding.CreateCodec(limits);
        }
    }

    /// <summary>
    /// Answers the message in <paramref name="body"/> received on <paramref name="endpoint"/>, whose own address is
    /// <paramref name="address"/>. <paramref name="transportAction"/> is the action HTTP carried (SOAPAction, or the
    /// SOAP 1.2 content type's action parameter). The reply must be disposed; <paramref name="body"/> may be released
    /// as soon as this returns.
    /// </summary>
    public async ValueTask<StubReply> DispatchAsync(
        StubSoapEndpoint endpoint,
        RequestBody body,
        string? contentType,
        string? transportAction,
        Uri address,
        CancellationToken cancellationToken)
    {
        var codec = _codecs[endpoint];
        var binding = endpoint.Binding;
        var soapVersion = binding.IsSoap12 ? "1.2" : "1.1";
        Message request;
        try
        {
            request = codec.Read(new ArraySegment<byte>(body.Buffer, 0, body.Length), contentType);
        }
        catch (Exception ex) when (BadInput.Is(ex))
        {
            return Fault(codec, WcfFaults.MalformedMessage(BadInput.DescribeMessage(ex, soapVersion)), relatesTo: null);
        }

        // The message reads its body from the request's buffer: it is closed here, before the buffer goes back.
        using (request)
        {
            RequestHeaders headers;
            try
            {
                headers = RequestHeaders.Read(request, binding, transportAction);
            }
            catch (Exception ex) when (BadInput.Is(ex))
            {
                return Fault(codec, WcfFaults.MalformedMessage("a WS-Addressing header is not valid."), relatesTo: null);
            }

            _statistics.ActionSeen(headers.Action ?? string.Empty);
            if (binding.UsesAddressing && !AddressFilter.Matches(headers.To, address, _options.AddressFilter))
            {
                return Fault(codec, WcfFaults.DestinationUnreachable(headers.To?.OriginalString), headers.MessageIdText);
            }

            return headers.Action switch
            {
                EchoServiceActions.Echo => await EchoAsync(codec, request, headers, cancellationToken).ConfigureAwait(false),
                OrderServiceActions.GetOrders => await GetOrdersAsync(codec, request, headers, cancellationToken).ConfigureAwait(false),
                OrderServiceActions.SubmitOrder => SubmitOrder(request),
                _ => Fault(codec, WcfFaults.ActionNotSupported(binding, headers.Action), headers.MessageIdText),
            };
        }
    }

    private async ValueTask<StubReply> EchoAsync(MessageCodec codec, Message request, RequestHeaders headers, CancellationToken cancellationToken)
    {
        if (ReadBody(request, OperationMessages.EchoRequest, "Echo", out var payload) is { } failure)
        {
            return Fault(codec, failure, headers.MessageIdText);
        }

        if (await InjectAsync(codec, headers, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        return Reply(codec, headers, EchoServiceActions.EchoResponse, writer => OperationMessages.EchoResponse.Write(writer, payload));
    }

    private async ValueTask<StubReply> GetOrdersAsync(MessageCodec codec, Message request, RequestHeaders headers, CancellationToken cancellationToken)
    {
        if (ReadBody(request, OperationMessages.GetOrdersRequest, "GetOrders", out var count) is { } failure)
        {
            return Fault(codec, failure, headers.MessageIdText);
        }

        if (count is < 0 or > MaxOrders)
        {
            var reason = string.Create(CultureInfo.InvariantCulture, $"numOrders must be from 0 to {MaxOrders}; got {count}.");
            return Fault(codec, WcfFaults.DeserializationFailed("GetOrders", reason), headers.MessageIdText);
        }

        if (await InjectAsync(codec, headers, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        var orders = _generator.GetOrders(count);
        return Reply(codec, headers, OrderServiceActions.GetOrdersResponse, writer => OperationMessages.GetOrdersResponse.Write(writer, orders));
    }

    private StubReply SubmitOrder(Message request)
    {
        // WCF answers a one-way message over HTTP with 202 as soon as it is accepted, before the operation runs:
        // a body that does not deserialize is not reported to the sender, only left out of the count.
        if (ReadBody(request, OperationMessages.SubmitOrderRequest, "SubmitOrder", out var order) is null && order is not null)
        {
            _statistics.OneWayReceived();
        }

        return StubReply.Accepted;
    }

    /// <summary>Deserializes the body as <paramref name="shape"/>; returns the DeserializationFailed fault when it does not fit.</summary>
    private static SoapFaultSpec? ReadBody<T>(Message request, WrappedElement<T> shape, string operation, out T? value)
    {
        value = default;
        if (request.IsEmpty)
        {
            return WcfFaults.DeserializationFailed(operation, "The body is empty.");
        }

        try
        {
            using var reader = request.GetReaderAtBodyContents();
            value = shape.Read(reader);
            return null;
        }
        catch (Exception ex) when (BadInput.Is(ex))
        {
            return WcfFaults.DeserializationFailed(operation, BadInput.DescribeBody(ex));
        }
    }

    /// <summary>The injected latency, then the injected fault if this request draws one.</summary>
    private async ValueTask<StubReply?> InjectAsync(MessageCodec codec, RequestHeaders headers, CancellationToken cancellationToken)
    {
        await _latency.DelayAsync(cancellationToken).ConfigureAwait(false);
        var decision = _faults.Next();
        return decision.IsFault ? Fault(codec, WcfFaults.Injected(decision.RequestNumber), headers.MessageIdText, injected: true) : null;
    }

    /// <summary>A reply as WCF's dispatcher writes it: the reply action (none on basicHttp) and RelatesTo the request's MessageID.</summary>
    private StubReply Reply(MessageCodec codec, RequestHeaders headers, string replyAction, Action<XmlDictionaryWriter> writeBody)
    {
        var binding = codec.Binding;

        // Without addressing the action would be written as a mustUnderstand header no WCF service sends over HTTP.
        using var message = Message.CreateMessage(binding.MessageVersion, binding.UsesAddressing ? replyAction : null, new DelegateBodyWriter(writeBody));
        if (binding.UsesAddressing && headers.MessageId is not null)
        {
            message.Headers.RelatesTo = headers.MessageId;
        }

        try
        {
            return new StubReply(StatusCodes.Status200OK, codec.Write(message), codec.ContentType);
        }
        catch (QuotaExceededException)
        {
            return Fault(codec, WcfFaults.ReplyTooLarge(), headers.MessageIdText);
        }
    }

    /// <summary>A fault message of the endpoint's version, answered with 500 as WCF answers every fault.</summary>
    private StubReply Fault(MessageCodec codec, SoapFaultSpec fault, string? relatesTo, bool injected = false)
    {
        _statistics.FaultReturned(injected);
        using var message = SoapFaultMessages.Create(codec.Binding.MessageVersion, fault, relatesTo);
        return new StubReply(SoapFaultMessages.HttpStatusCode, codec.Write(message), codec.ContentType);
    }
}
