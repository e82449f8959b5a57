using System.ServiceModel;
using Samples.Contracts;

namespace SoapRouter.Tests.BackendStub.Wcf;

/// <summary>A contract whose action the stub does not serve: its calls meet WCF's contract filter.</summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "IOrderService")]
public interface INotServedContract
{
    /// <summary>The action the stub has no operation for.</summary>
    public const string Action = "http://tempuri.org/IOrderService/CancelOrder";

    /// <summary>An operation the stub does not have.</summary>
    [OperationContract(Name = "CancelOrder", Action = Action, ReplyAction = Action + "Response")]
    Task<int> CancelOrderAsync(int orderId);
}
