namespace Samples.Contracts;

/// <summary>
/// Shape of the order service. The CoreWCF host will mark it [ServiceContract] (actions in
/// <see cref="OrderServiceActions"/>) once CoreWCF is in the package source.
/// </summary>
public interface IOrderService
{
    /// <summary>Returns <paramref name="numOrders"/> orders shaped by the stub's payload profile.</summary>
    Task<Order[]> GetOrdersAsync(int numOrders);

    /// <summary>Accepts an order; one-way, so the caller gets no reply or fault.</summary>
    Task SubmitOrderAsync(Order order);
}
