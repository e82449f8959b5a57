using System.ServiceModel;

namespace SoapRouter.Tests.Integration;

/// <summary>A contract the August 2004 verbatim test's recording backend answers with a reply it wrote once.</summary>
[ServiceContract(Namespace = "urn:a2004")]
public interface IAugust2004Ping
{
    /// <summary>Answers "pong".</summary>
    [OperationContract(Action = "urn:a2004/ping", ReplyAction = "urn:a2004/pong")]
    Task<string> PingAsync(string text);
}
