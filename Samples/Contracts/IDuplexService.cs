using System.ServiceModel;

namespace Samples.Contracts;

/// <summary>A duplex contract: the service calls the client back on the client's session (<see cref="IDuplexCallback"/>).</summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "IDuplexService", SessionMode = SessionMode.Required, CallbackContract = typeof(IDuplexCallback))]
public interface IDuplexService
{
    /// <summary>Calls OnEvent(1..count) one-way, then Confirm(count); returns what the client's Confirm answered.</summary>
    [OperationContract(Name = "Subscribe", Action = SessionServiceActions.Subscribe, ReplyAction = SessionServiceActions.SubscribeResponse)]
    Task<int> SubscribeAsync(int count);

    /// <summary>One-way: once accepted, works for half a second, then calls OnEvent(1..count) one-way (callbacks still to come when a prompt client closes).</summary>
    [OperationContract(IsOneWay = true, Name = "StartFeed", Action = SessionServiceActions.StartFeed)]
    Task StartFeedAsync(int count);
}

/// <summary>What <see cref="IDuplexService"/> calls on its client.</summary>
public interface IDuplexCallback
{
    /// <summary>One event, numbered from 1 within its subscription or feed.</summary>
    [OperationContract(IsOneWay = true, Name = "OnEvent", Action = SessionServiceActions.OnEvent)]
    void OnEvent(int sequence);

    /// <summary>Asks the client how many events it received; the service returns the answer from Subscribe.</summary>
    [OperationContract(Name = "Confirm", Action = SessionServiceActions.Confirm, ReplyAction = SessionServiceActions.ConfirmResponse)]
    int Confirm(int sent);
}
