using Samples.Contracts;
using Samples.Payloads;
using LoadClient.CommandLine;
using LoadClient.Payloads;
using LoadClient.Wcf;

namespace LoadClient.Envelopes;

/// <summary>The sample-contract calls the client can make, with payloads from the stub's own generator.</summary>
internal static class OperationCalls
{
    /// <summary>Seed of every generated payload: the stub's default, so both ends produce the same data.</summary>
    public const int PayloadSeed = 1;

    /// <summary>The call <paramref name="options"/> asks for, its payload sized for the binding's encoding (raw bytes in msbin1, base64 in text).</summary>
    public static OperationCall For(LoadOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var encoding = options.Binding.IsBinary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml;
        var generator = new PayloadGenerator(options.Profile, PayloadSeed);
        if (options.Serializer == LoadSerializer.Protobuf)
        {
            return options.Operation switch
            {
                LoadOperation.Echo => EchoProto(ProtoOrderPayload.OfSize(generator, options.EchoSize)),
                LoadOperation.GetOrders => GetOrdersProto(options.OrderCount),
                _ => throw new ArgumentOutOfRangeException(nameof(options), options.Operation, "No protobuf form of this operation."),
            };
        }

        return options.Operation switch
        {
            LoadOperation.Echo when options.SizeDistribution == SizeDistribution.Seed => EchoOfSeedSizes(generator, encoding),
            LoadOperation.Echo => Echo(generator.CreateEcho(options.EchoSize, encoding)),
            LoadOperation.GetOrders => GetOrders(options.OrderCount),
            LoadOperation.SubmitOrder => SubmitOrder(WithId(
                options.OrderSize is { } size ? generator.CreateOrder(size, encoding) : generator.GetOrders(1)[0], RequestTemplateBuilder.Placeholder)),
            LoadOperation.Subscribe => Subscribe(options.Callbacks),
            _ => throw new ArgumentOutOfRangeException(nameof(options), options.Operation, "Unknown operation."),
        };
    }

    /// <summary>
    /// The raw mode's requests for <paramref name="options"/>: the template of <paramref name="call"/>, or for echo with
    /// --size-distribution seed one template per <see cref="SizeBuckets"/> size.
    /// </summary>
    public static RequestTemplateSet BuildTemplates(LoadOptions options, OperationCall call)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(call);
        var keyed = options.CacheKeys is not null;
        if (options.Operation != LoadOperation.Echo || options.SizeDistribution == SizeDistribution.Fixed)
        {
            return new RequestTemplateSet([RequestTemplateBuilder.Build(options.Binding, call, options.To, ClientLimits.Unbounded, keyed)], options.CacheKeys);
        }

        var encoding = options.Binding.IsBinary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml;
        var generator = new PayloadGenerator(options.Profile, PayloadSeed);
        return new RequestTemplateSet(SizeBuckets.Sizes
            .Select(size => RequestTemplateBuilder.Build(options.Binding, Echo(generator.CreateEcho(size, encoding)), options.To, ClientLimits.Unbounded, keyed))
            .ToArray(), options.CacheKeys);
    }

    /// <summary>
    /// IEchoService.Echo with the seed experiment's sizes: the WCF mode sends a payload of a size drawn for each call
    /// (<see cref="EchoPayloadSlicer"/>); the body is the largest one.
    /// </summary>
    public static OperationCall EchoOfSeedSizes(PayloadGenerator generator, PayloadEncoding encoding)
    {
        ArgumentNullException.ThrowIfNull(generator);
        var largest = generator.CreateEcho(SeedSizes.Max, encoding);
        var slicer = new EchoPayloadSlicer(largest, SeedSizes.Max, new SeededSizes(PayloadSeed));
        return new("Echo", EchoServiceActions.Echo, OneWay: false, OperationMessages.EchoRequest.ToBody(largest),
            endpoint => new WcfTarget<IEchoService>(endpoint, channel => channel.EchoAsync(slicer.Next())));
    }

    /// <summary>IEchoService.Echo(EchoPayload payload).</summary>
    public static OperationCall Echo(EchoPayload payload) =>
        new("Echo", EchoServiceActions.Echo, OneWay: false, OperationMessages.EchoRequest.ToBody(payload),
            endpoint => new WcfTarget<IEchoService>(endpoint, channel => channel.EchoAsync(payload)));

    /// <summary>IOrderService.GetOrders(int numOrders).</summary>
    public static OperationCall GetOrders(int count) =>
        new("GetOrders", OrderServiceActions.GetOrders, OneWay: false, OperationMessages.GetOrdersRequest.ToBody(count),
            endpoint => new WcfTarget<IOrderService>(endpoint, channel => channel.GetOrdersAsync(count)));

    /// <summary>IProtoOrderService.GetOrdersProto(int numOrders); the WCF mode deserializes the reply's bytes with protobuf-net, as an application would.</summary>
    public static OperationCall GetOrdersProto(int count) =>
        new("GetOrdersProto", ProtoOrderServiceActions.GetOrdersProto, OneWay: false, OperationMessages.GetOrdersProtoRequest.ToBody(count),
            endpoint => new WcfTarget<IProtoOrderService>(endpoint, async channel => ProtoOrders.Deserialize(await channel.GetOrdersProtoAsync(count).ConfigureAwait(false))));

    /// <summary>IProtoOrderService.EchoProto(byte[] orders); the WCF mode deserializes the reply's bytes with protobuf-net.</summary>
    public static OperationCall EchoProto(byte[] orders) =>
        new("EchoProto", ProtoOrderServiceActions.EchoProto, OneWay: false, OperationMessages.EchoProtoRequest.ToBody(orders),
            endpoint => new WcfTarget<IProtoOrderService>(endpoint, async channel => ProtoOrders.Deserialize(await channel.EchoProtoAsync(orders).ConfigureAwait(false))));

    /// <summary>
    /// IOrderService.SubmitOrder(Order order), one-way. Each WCF call sends a copy of <paramref name="order"/> with an id
    /// of its own; the raw template carries whatever id the order has (the placeholder each request overwrites).
    /// </summary>
    public static OperationCall SubmitOrder(Order order) =>
        new("SubmitOrder", OrderServiceActions.SubmitOrder, OneWay: true, OperationMessages.SubmitOrderRequest.ToBody(order),
            endpoint => new WcfTarget<IOrderService>(endpoint, (channel, id) => channel.SubmitOrderAsync(WithId(order, id))));

    /// <summary>
    /// IDuplexService.Subscribe(int count) through a DuplexChannelFactory, each channel with a callback of its own: the
    /// call succeeds when the service's Confirm, answered by the callback, says all <paramref name="callbacks"/> events arrived.
    /// </summary>
    public static OperationCall Subscribe(int callbacks) =>
        new("Subscribe", SessionServiceActions.Subscribe, OneWay: false, OperationMessages.SubscribeRequest.ToBody(callbacks),
            endpoint => WcfTarget<IDuplexService>.Duplex<SubscriptionCallback>(endpoint, channel => SubscriptionCallback.SubscribeAsync(channel, callbacks)));

    /// <summary>A copy of <paramref name="order"/> whose <see cref="Order.OrderId"/> is <paramref name="id"/> (orders are shared by the workers, so never changed in place).</summary>
    public static Order WithId(Order order, Guid id)
    {
        ArgumentNullException.ThrowIfNull(order);
        return new Order
        {
            CustomerId = order.CustomerId,
            ShippingAddress1 = order.ShippingAddress1,
            ShippingAddress2 = order.ShippingAddress2,
            ShippingCity = order.ShippingCity,
            ShippingState = order.ShippingState,
            ShippingZip = order.ShippingZip,
            ShippingCountry = order.ShippingCountry,
            ShipType = order.ShipType,
            CreditCardType = order.CreditCardType,
            CreditCardNumber = order.CreditCardNumber,
            CreditCardExpiration = order.CreditCardExpiration,
            CreditCardName = order.CreditCardName,
            OrderItems = order.OrderItems,
            Notes = order.Notes,
            Attachment = order.Attachment,
            OrderId = id.ToString("D"),
        };
    }
}
