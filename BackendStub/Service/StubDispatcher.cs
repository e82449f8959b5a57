using System.Globalization;
using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace BackendStub.Service;

/// <summary>
/// Answers one SOAP message as a stock WCF service does, whatever transport brought it (the HTTP endpoints read it
/// with their encoder, net.tcp with its session encoder), in WCF's order: address filter (WS-Addressing bindings
/// only), contract filter (the action), deserialize the body, then the operation, whose own time and failures the
/// injected latency and faults stand in for. Replies and faults are WCF messages of the binding's version, encoded by
/// the transport that asked.
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

    /// <summary>Where each accepted one-way order's id is appended (--record-oneway) while the stub runs; null records none.</summary>
    public Samples.Delivery.DeliveryRecord? OneWayRecord { get; set; }

    public StubDispatcher(StubOptions options, StubStatistics statistics, FaultInjector faults, LatencyInjector latency)
    {
        _options = options;
        _statistics = statistics;
        _faults = faults;
        _latency = latency;
        _generator = new PayloadGenerator(options.Profile, options.Seed);
    }

    /// <summary>
    /// Answers <paramref name="request"/>, received on <paramref name="binding"/> at the endpoint whose own address is
    /// <paramref name="address"/>. <paramref name="transportAction"/> is the action the transport carried (HTTP's
    /// SOAPAction, or the SOAP 1.2 content type's action parameter; null on net.tcp). The answer must be disposed;
    /// <paramref name="request"/> stays the caller's.
    /// </summary>
    public async ValueTask<StubAnswer> AnswerAsync(
        WireBinding binding,
        Message request,
        string? transportAction,
        Uri address,
        CancellationToken cancellationToken)
    {
        RequestHeaders headers;
        try
        {
            headers = RequestHeaders.Read(request, binding, transportAction);
        }
        catch (Exception ex) when (BadInput.Is(ex))
        {
            return Fault(binding, WcfFaults.MalformedMessage("a WS-Addressing header is not valid."), relatesTo: null);
        }

        _statistics.ActionSeen(headers.Action ?? string.Empty);
        if (binding.UsesAddressing && !AddressFilter.Matches(headers.To, address, _options.AddressFilter))
        {
            return Fault(binding, WcfFaults.DestinationUnreachable(headers.To?.OriginalString), headers.MessageIdText);
        }

        return headers.Action switch
        {
            EchoServiceActions.Echo => await EchoAsync(binding, request, headers, cancellationToken).ConfigureAwait(false),
            OrderServiceActions.GetOrders => await GetOrdersAsync(binding, request, headers, cancellationToken).ConfigureAwait(false),
            OrderServiceActions.SubmitOrder => SubmitOrder(request),
            ProtoOrderServiceActions.GetOrdersProto => await GetOrdersProtoAsync(binding, request, headers, cancellationToken).ConfigureAwait(false),
            ProtoOrderServiceActions.EchoProto => await EchoProtoAsync(binding, request, headers, cancellationToken).ConfigureAwait(false),
            _ => Fault(binding, WcfFaults.ActionNotSupported(binding, headers.Action), headers.MessageIdText),
        };
    }

    /// <summary>A fault message of <paramref name="binding"/>'s version, counted in the statistics.</summary>
    public StubAnswer Fault(WireBinding binding, SoapFaultSpec fault, string? relatesTo, bool injected = false)
    {
        _statistics.FaultReturned(injected);
        return StubAnswer.Fault(SoapFaultMessages.Create(binding.MessageVersion, fault, relatesTo), relatesTo);
    }

    private async ValueTask<StubAnswer> EchoAsync(WireBinding binding, Message request, RequestHeaders headers, CancellationToken cancellationToken)
    {
        if (ReadBody(request, OperationMessages.EchoRequest, "Echo", out var payload) is { } failure)
        {
            return Fault(binding, failure, headers.MessageIdText);
        }

        if (await InjectAsync(binding, headers, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        return Reply(binding, headers, EchoServiceActions.EchoResponse, writer => OperationMessages.EchoResponse.Write(writer, payload));
    }

    private ValueTask<StubAnswer> GetOrdersAsync(WireBinding binding, Message request, RequestHeaders headers, CancellationToken cancellationToken) =>
        OrdersAsync(binding, request, headers, OperationMessages.GetOrdersRequest, "GetOrders", orders =>
            Reply(binding, headers, OrderServiceActions.GetOrdersResponse, writer => OperationMessages.GetOrdersResponse.Write(writer, orders)), cancellationToken);

    // The same orders as GetOrders, serialized by protobuf-net instead of the DataContractSerializer (seed 003).
    private ValueTask<StubAnswer> GetOrdersProtoAsync(WireBinding binding, Message request, RequestHeaders headers, CancellationToken cancellationToken) =>
        OrdersAsync(binding, request, headers, OperationMessages.GetOrdersProtoRequest, "GetOrdersProto", orders =>
        {
            var bytes = ProtoOrders.Serialize(orders);
            return Reply(binding, headers, ProtoOrderServiceActions.GetOrdersProtoResponse, writer => OperationMessages.GetOrdersProtoResponse.Write(writer, bytes));
        }, cancellationToken);

    /// <summary>An operation that returns numOrders generated orders: the count read and checked, the injections, then <paramref name="reply"/>.</summary>
    private async ValueTask<StubAnswer> OrdersAsync(
        WireBinding binding,
        Message request,
        RequestHeaders headers,
        WrappedElement<int> shape,
        string operation,
        Func<Order[], StubAnswer> reply,
        CancellationToken cancellationToken)
    {
        if (ReadBody(request, shape, operation, out var count) is { } failure)
        {
            return Fault(binding, failure, headers.MessageIdText);
        }

        if (count is < 0 or > MaxOrders)
        {
            var reason = string.Create(CultureInfo.InvariantCulture, $"numOrders must be from 0 to {MaxOrders}; got {count}.");
            return Fault(binding, WcfFaults.DeserializationFailed(operation, reason), headers.MessageIdText);
        }

        if (await InjectAsync(binding, headers, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        return reply(_generator.GetOrders(count));
    }

    private async ValueTask<StubAnswer> EchoProtoAsync(WireBinding binding, Message request, RequestHeaders headers, CancellationToken cancellationToken)
    {
        if (ReadBody(request, OperationMessages.EchoProtoRequest, "EchoProto", out var received) is { } failure)
        {
            return Fault(binding, failure, headers.MessageIdText);
        }

        // Read with protobuf-net and written again: bytes changed on the way would not come back as they were sent.
        Order[] orders;
        try
        {
            orders = ProtoOrders.Deserialize(received ?? []);
        }
        catch (Exception ex) when (ex is ProtoBuf.ProtoException or EndOfStreamException or InvalidOperationException or OverflowException)
        {
            return Fault(binding, WcfFaults.DeserializationFailed("EchoProto", "The orders are not protobuf-net bytes of an order batch."), headers.MessageIdText);
        }

        if (await InjectAsync(binding, headers, cancellationToken).ConfigureAwait(false) is { } fault)
        {
            return fault;
        }

        var bytes = ProtoOrders.Serialize(orders);
        return Reply(binding, headers, ProtoOrderServiceActions.EchoProtoResponse, writer => OperationMessages.EchoProtoResponse.Write(writer, bytes));
    }

    private StubAnswer SubmitOrder(Message request)
    {
        // WCF accepts a one-way message before the operation runs (over HTTP: 202 at once; over net.tcp: no answer at
        // all): a body that does not deserialize is not reported to the sender, only left out of the count.
        if (ReadBody(request, OperationMessages.SubmitOrderRequest, "SubmitOrder", out var order) is null && order is not null)
        {
            _statistics.OneWayReceived();

            // Before the acknowledgement goes: an order acknowledged is on file even if the stub is killed right after.
            OneWayRecord?.Record(Guid.TryParse(order.OrderId, out var id) ? id : null);
        }

        return StubAnswer.Accepted;
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
    private async ValueTask<StubAnswer?> InjectAsync(WireBinding binding, RequestHeaders headers, CancellationToken cancellationToken)
    {
        await _latency.DelayAsync(cancellationToken).ConfigureAwait(false);
        var decision = _faults.Next();
        return decision.IsFault ? Fault(binding, WcfFaults.Injected(decision.RequestNumber), headers.MessageIdText, injected: true) : null;
    }

    /// <summary>A reply as WCF's dispatcher writes it: the reply action (none on basicHttp) and RelatesTo the request's MessageID.</summary>
    private static StubAnswer Reply(WireBinding binding, RequestHeaders headers, string replyAction, Action<XmlDictionaryWriter> writeBody)
    {
        // Without addressing the action would be written as a mustUnderstand header no WCF service sends over HTTP.
        var message = Message.CreateMessage(binding.MessageVersion, binding.UsesAddressing ? replyAction : null, new DelegateBodyWriter(writeBody));
        if (binding.UsesAddressing && headers.MessageId is not null)
        {
            message.Headers.RelatesTo = headers.MessageId;
        }

        return StubAnswer.Reply(message, headers.MessageIdText);
    }
}
