namespace Samples.Contracts;

/// <summary>
/// SOAP actions of the order service (<see cref="IOrderService"/>): the URIs WCF derives for the
/// contract's default namespace, as constants because router.json and the tests route on them.
/// </summary>
public static class OrderServiceActions
{
    /// <summary>Request action of GetOrders(int numOrders) returning Order[].</summary>
    public const string GetOrders = "http://tempuri.org/IOrderService/GetOrders";

    /// <summary>Reply action of GetOrders.</summary>
    public const string GetOrdersResponse = "http://tempuri.org/IOrderService/GetOrdersResponse";

    /// <summary>Action of the one-way SubmitOrder(Order); it has no reply.</summary>
    public const string SubmitOrder = "http://tempuri.org/IOrderService/SubmitOrder";
}
