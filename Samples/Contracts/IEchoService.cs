using System.ServiceModel;

namespace Samples.Contracts;

/// <summary>
/// The echo service's contract, as a WCF client uses it: <c>ChannelFactory&lt;IEchoService&gt;</c> on any of the wire
/// bindings. Its body shapes are those of <see cref="OperationMessages"/>.
/// </summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "IEchoService")]
public interface IEchoService
{
    /// <summary>Returns the payload it received.</summary>
    [OperationContract(Name = "Echo", Action = EchoServiceActions.Echo, ReplyAction = EchoServiceActions.EchoResponse)]
    Task<EchoPayload> EchoAsync(EchoPayload payload);
}
