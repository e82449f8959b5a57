using System.Net.Security;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tls;

/// <summary>
/// The router as a TLS client of one destination: how the destination's certificate is checked (its
/// <c>tls.trustedAuthorities</c> only, or the system's; the name is <c>tls.serverName</c> or the address's host), the
/// client certificate the router presents (kept current with its files), and the count of handshakes and of refusals.
/// One per connection pool; every new connection's handshake goes through <see cref="Validate"/>.
/// </summary>
internal sealed class DestinationTls : IDisposable
{
    private readonly DestinationState _destination;
    private readonly ServerCertificatePolicy _policy;
    private readonly string? _policyProblem;
    private readonly ReloadingCertificate? _clientCertificate;
    private readonly TlsCertificates _certificates;
    private readonly TlsCounters? _counters;
    private TlsClientStreamUpgrade? _streamUpgrade;

    private DestinationTls(DestinationState destination, TlsCertificates certificates, TlsCounters? counters)
    {
        _destination = destination;
        _certificates = certificates;
        _counters = counters;
        var tls = destination.Config.Tls;
        X509Certificate2Collection? authorities = null;
        if (tls?.TrustedAuthorities is { } path && !CertificateFiles.TryLoadAuthorities(path, out authorities, out _policyProblem))
        {
            // Read at load a moment ago; gone since. Refuse every certificate rather than fall back to the system's authorities.
            _policyProblem = "tls.trustedAuthorities cannot be read: " + _policyProblem;
        }

        _policy = new ServerCertificatePolicy(authorities, tls?.InsecureSkipVerify ?? false);
        if (tls?.ClientCertificate is { } client)
        {
            _clientCertificate = certificates.Add(
                $"destination {destination.Name} client", client, CertificateUsage.Client, tls.ExpiryWarning ?? certificates.DefaultExpiryWarning);
        }
    }

    /// <summary>The name the destination's certificate must carry when it is not the address's host; null otherwise.</summary>
    public string? ServerName => _destination.Config.Tls?.ServerName;

    /// <summary>The certificate the router presents, or null.</summary>
    public X509Certificate2? ClientCertificate => _clientCertificate?.Current.Leaf;

    /// <summary>
    /// The TLS side of <paramref name="destination"/>: for an https:// address (with or without a tls section) or a
    /// net.tcp:// one with a tls section; null for a plain one. Throws <see cref="ArgumentException"/> when the client
    /// certificate cannot be loaded.
    /// </summary>
    public static DestinationTls? Create(DestinationState destination, TlsCertificates certificates, TlsCounters? counters)
    {
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(certificates);
        var secure = destination.Address.Scheme == Uri.UriSchemeHttps || (destination.Address.Scheme == Uri.UriSchemeNetTcp && destination.Config.Tls is not null);
        return secure ? new DestinationTls(destination, certificates, counters) : null;
    }

    /// <summary>
    /// Checks the certificate a new connection's handshake received (<paramref name="errors"/>: what the TLS stack found,
    /// the name check included); counts the handshake and, when refused, records why for the failure log.
    /// </summary>
    public bool Validate(X509Certificate? certificate, SslPolicyErrors errors)
    {
        string? problem = _policyProblem;
        return Record(problem is null && _policy.Validate(certificate, errors, out problem), problem);
    }

    /// <summary>
    /// The certificate check of WCF's net.tcp upgrade (the chain; WCF checks the name against the endpoint identity),
    /// counted and explained as <see cref="Validate"/> does.
    /// </summary>
    public WcfServerCertificateValidator WcfValidator() => new(certificate => ValidateChain(certificate) ? null : _destination.TlsProblem);

    /// <summary>The handshake settings for a <see cref="SocketsHttpHandler"/>.</summary>
    public SslClientAuthenticationOptions HttpOptions() => new()
    {
        RemoteCertificateValidationCallback = (_, certificate, _, errors) => Validate(certificate, errors),
        LocalCertificateSelectionCallback = _clientCertificate is null ? null : (_, _, _, _, _) => ClientCertificate!,
    };

    /// <summary>
    /// The <c>application/ssl-tls</c> upgrade of the router's own net.tcp client (a streamed call): an SslStream with
    /// <see cref="HttpOptions"/>'s check and client certificate, asking for <c>tls.serverName</c> or the address's host.
    /// </summary>
    public INetTcpClientUpgrade StreamUpgrade => _streamUpgrade ??= new TlsClientStreamUpgrade(() =>
    {
        var options = HttpOptions();
        options.TargetHost = ServerName ?? _destination.Address.IdnHost;
        return options;
    });

    private bool ValidateChain(X509Certificate2 certificate)
    {
        string? problem = _policyProblem;
        return Record(problem is null && _policy.ValidateChain(certificate, out problem), problem);
    }

    /// <summary>Counts a handshake's check and, when refused, keeps why for the failure log.</summary>
    private bool Record(bool accepted, string? problem)
    {
        _counters?.RecordDestinationHandshake(_destination.Name);
        if (!accepted)
        {
            _destination.TlsProblem = problem;
            _counters?.RecordDestinationFailure(_destination.Name);
        }

        return accepted;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (_clientCertificate is not null)
        {
            _certificates.Remove(_clientCertificate);
        }
    }
}
