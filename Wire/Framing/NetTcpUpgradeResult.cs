using System.IO.Pipelines;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Framing;

/// <summary>A completed stream upgrade: the pipe the session continues on, and who the client proved to be.</summary>
/// <param name="transport">The upgraded stream as a pipe.</param>
/// <param name="clientCertificate">The client's certificate, accepted by the upgrade; null when it presented none.</param>
/// <param name="owner">Disposed when the session over the upgraded stream ends (before the connection is reused, or closes).</param>
public sealed class NetTcpUpgradeResult(IDuplexPipe transport, X509Certificate2? clientCertificate, IAsyncDisposable? owner)
{
    /// <summary>The upgraded stream as a pipe.</summary>
    public IDuplexPipe Transport { get; } = transport ?? throw new ArgumentNullException(nameof(transport));

    /// <summary>The client's certificate; null when it presented none. Valid until <see cref="Owner"/> is disposed.</summary>
    public X509Certificate2? ClientCertificate { get; } = clientCertificate;

    /// <summary>What to dispose when the session over the upgraded stream ends; null when nothing is.</summary>
    public IAsyncDisposable? Owner { get; } = owner;
}
