using System.IO.Pipelines;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// net.tcp transport security: the <c>application/ssl-tls</c> stream upgrade ([MC-NMF] 3.1.4.8), what a WCF
/// NetTcpBinding with SecurityMode.Transport and ClientCredentialType None or Certificate asks for. Each handshake's
/// result, success or failure, is shown to the observer first (to count them by reason).
/// </summary>
public sealed class TlsStreamUpgrade : INetTcpStreamUpgrade
{
    /// <summary>The upgrade's name in the Upgrade Request record.</summary>
    public const string ProtocolName = "application/ssl-tls";

    private readonly TlsServerOptions _options;
    private readonly Action<TlsHandshakeResult>? _observer;

    /// <summary>Upgrades with <paramref name="options"/>; <paramref name="observer"/> sees every handshake's result (and must not keep it).</summary>
    public TlsStreamUpgrade(TlsServerOptions options, Action<TlsHandshakeResult>? observer = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
        _observer = observer;
    }

    /// <inheritdoc />
    public string Protocol => ProtocolName;

    /// <inheritdoc />
    public async ValueTask<NetTcpUpgradeResult?> UpgradeAsync(IDuplexPipe transport, CancellationToken cancellationToken)
    {
        var result = await TlsServerHandshake.AcceptAsync(transport, _options, cancellationToken).ConfigureAwait(false);
        try
        {
            _observer?.Invoke(result);
        }
        catch
        {
            await result.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        if (!result.Succeeded)
        {
            return null;
        }

        return new NetTcpUpgradeResult(result.Transport, result.ClientCertificate, result);
    }
}
