namespace Samples.Contracts;

/// <summary>Shape of the echo service; [ServiceContract] comes with the CoreWCF host (actions in <see cref="EchoServiceActions"/>).</summary>
public interface IEchoService
{
    /// <summary>Returns the payload it received.</summary>
    Task<EchoPayload> EchoAsync(EchoPayload payload);
}
