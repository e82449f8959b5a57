using System.ServiceModel;

namespace Samples.Contracts;

/// <summary>A PerSession service's contract: each call returns how many calls its session has made, this one included.</summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "ISessionCounter", SessionMode = SessionMode.Required)]
public interface ISessionCounter
{
    /// <summary>1 on a session's first call, 2 on its second, ...</summary>
    [OperationContract(Name = "Next", Action = SessionServiceActions.Next, ReplyAction = SessionServiceActions.NextResponse)]
    Task<int> NextAsync();
}
