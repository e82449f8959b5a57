namespace Samples.Contracts;

/// <summary>SOAP actions of the echo service (IEchoService), written down for routing (see <see cref="OrderServiceActions"/>).</summary>
public static class EchoServiceActions
{
    /// <summary>Request action of Echo(EchoPayload) returning EchoPayload.</summary>
    public const string Echo = "http://tempuri.org/IEchoService/Echo";

    /// <summary>Reply action of Echo.</summary>
    public const string EchoResponse = "http://tempuri.org/IEchoService/EchoResponse";
}
