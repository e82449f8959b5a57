namespace LoadClient.CommandLine;

/// <summary>The BackendStub operation every request calls.</summary>
internal enum LoadOperation
{
    /// <summary>IEchoService.Echo with a payload of --size bytes.</summary>
    Echo,

    /// <summary>IOrderService.GetOrders(--orders): a small request, a reply that grows with the count.</summary>
    GetOrders,

    /// <summary>IOrderService.SubmitOrder(order): one-way, answered with an empty 202.</summary>
    SubmitOrder,

    /// <summary>
    /// IDuplexService.Subscribe(--callbacks) on a net.tcp session (DuplexChannelFactory): the service calls OnEvent back
    /// that many times one-way, then Confirm (request-reply), whose answer the call returns.
    /// </summary>
    Subscribe,
}
