using System.ServiceModel;

namespace Samples.Contracts;

/// <summary>
/// The order service's contract (seed 003), as a WCF client uses it. Its body shapes are those of
/// <see cref="OperationMessages"/>.
/// </summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "IOrderService")]
public interface IOrderService
{
    /// <summary>Returns <paramref name="numOrders"/> orders shaped by the stub's payload profile.</summary>
    [OperationContract(Name = "GetOrders", Action = OrderServiceActions.GetOrders, ReplyAction = OrderServiceActions.GetOrdersResponse)]
    Task<Order[]> GetOrdersAsync(int numOrders);

    /// <summary>Accepts an order; one-way, so the caller gets no reply or fault.</summary>
    [OperationContract(Name = "SubmitOrder", Action = OrderServiceActions.SubmitOrder, IsOneWay = true)]
    Task SubmitOrderAsync(Order order);
}
