using System.Collections.Frozen;
using System.Net.Security;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tls;

/// <summary>
/// The TLS side of one listener endpoint (an https host:port, a net.tcp one with transport security, or the admin's):
/// its certificates (the default one and those by SNI host name, kept current by <see cref="TlsCertificates"/>), the
/// client certificate policy, and what every handshake's outcome is counted as. HTTP connections use it through
/// <see cref="Listening.Connections.TlsTermination"/>, net.tcp sessions through the application/ssl-tls upgrade.
/// </summary>
internal sealed class ListenerTls
{
    private readonly ReloadingCertificate _default;
    private readonly FrozenDictionary<string, ReloadingCertificate> _byName;
    private readonly FrozenDictionary<string, ReloadingCertificate> _byWildcard;
    private readonly RouterStatistics _statistics;
    private readonly TlsHandshakeFailureLog _failures;

    private ListenerTls(
        string name,
        ReloadingCertificate certificate,
        Dictionary<string, ReloadingCertificate> byName,
        Dictionary<string, ReloadingCertificate> byWildcard,
        ClientCertificatePolicy? clients,
        ListenerTlsConfig config,
        RouterStatistics statistics,
        TlsHandshakeFailureLog failures)
    {
        Name = name;
        _default = certificate;
        _byName = byName.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
        _byWildcard = byWildcard.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
        _statistics = statistics;
        _failures = failures;
        Options = new TlsServerOptions
        {
            CertificateFor = CertificateFor,
            Protocols = TlsNames.ToSslProtocols(config.Protocols),
            CipherSuites = OperatingSystem.IsWindows() ? null : TlsNames.ToPolicy(config.CipherSuites),
            ClientCertificates = clients,
            HandshakeTimeout = config.HandshakeTimeout,
            Concurrency = Handshakes,
        };
    }

    /// <summary>TLS handshakes running at once in the process, every listener together: 8 per core, at least 16.</summary>
    public static readonly int MaxConcurrentHandshakes = Math.Max(16, 8 * Environment.ProcessorCount);

    private static readonly SemaphoreSlim Handshakes = new(MaxConcurrentHandshakes, MaxConcurrentHandshakes);

    /// <summary>What the endpoint is called in logs (its listeners' names).</summary>
    public string Name { get; }

    /// <summary>The handshake settings.</summary>
    public TlsServerOptions Options { get; }

    /// <summary>net.tcp's application/ssl-tls upgrade with these settings, its handshakes counted like the HTTP ones.</summary>
    public INetTcpStreamUpgrade Upgrade => _upgrade ??= new OffEventThreadUpgrade(new TlsStreamUpgrade(Options, Observe));

    private INetTcpStreamUpgrade? _upgrade;

    /// <summary>
    /// Loads the certificates of <paramref name="config"/> into <paramref name="certificates"/> (named after
    /// <paramref name="name"/>) and builds the endpoint's TLS; throws <see cref="ArgumentException"/> with the checker's
    /// sentence when a file cannot be used (it changed since the config was checked).
    /// </summary>
    public static ListenerTls Create(
        string name, ListenerTlsConfig config, TlsCertificates certificates, RouterStatistics statistics, TlsHandshakeFailureLog failures)
    {
        ArgumentNullException.ThrowIfNull(config);
        ArgumentNullException.ThrowIfNull(certificates);
        var warning = config.ExpiryWarning ?? certificates.DefaultExpiryWarning;
        var certificate = certificates.Add(name, config.Certificate ?? throw new ArgumentException($"{name}: tls.certificate is required"), CertificateUsage.Server, warning);
        var byName = new Dictionary<string, ReloadingCertificate>(StringComparer.OrdinalIgnoreCase);
        var byWildcard = new Dictionary<string, ReloadingCertificate>(StringComparer.OrdinalIgnoreCase);
        foreach (var (host, entry) in config.Sni)
        {
            var loaded = certificates.Add($"{name} sni {host}", entry, CertificateUsage.Server, warning);
            if (host.StartsWith("*.", StringComparison.Ordinal))
            {
                byWildcard[host[2..]] = loaded;
            }
            else
            {
                byName[host] = loaded;
            }
        }

        return new ListenerTls(name, certificate, byName, byWildcard, ClientPolicy(name, config), config, statistics, failures);
    }

    /// <summary>
    /// Counts a handshake's outcome: a success, or a failure by reason class (faults.tlsHandshake, logged once per
    /// interval). A connection that closed without sending a byte (a load balancer's TCP check, a port scan) tried no
    /// handshake and is not counted.
    /// </summary>
    public void Observe(TlsHandshakeResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (result.Succeeded)
        {
            _statistics.Tls.RecordHandshake();
            return;
        }

        if (result.Failure == TlsHandshakeFailure.Empty)
        {
            return;
        }

        // The reason first: whoever sees the fault counted sees its reason too.
        var reason = TlsHandshakeFailureNames.Of(result.Failure!.Value);
        _statistics.Tls.RecordHandshakeFailure(reason);
        _statistics.RecordFault(FaultKind.TlsHandshake);
        _failures.Record(reason);
    }

    /// <summary>The certificate for the host a client named by SNI: an exact entry, then a one-label wildcard, then the default.</summary>
    private SslStreamCertificateContext CertificateFor(string? serverName)
    {
        if (serverName is { Length: > 0 })
        {
            if (_byName.TryGetValue(serverName, out var exact))
            {
                return exact.ServerContext;
            }

            var dot = serverName.IndexOf('.', StringComparison.Ordinal);
            if (dot > 0 && _byWildcard.TryGetValue(serverName[(dot + 1)..], out var wildcard))
            {
                return wildcard.ServerContext;
            }
        }

        return _default.ServerContext;
    }

    /// <summary>A handshake's public-key work must not hold up the socket event thread other connections share (inline I/O).</summary>
    private sealed class OffEventThreadUpgrade(INetTcpStreamUpgrade inner) : INetTcpStreamUpgrade
    {
        public string Protocol => inner.Protocol;

        public async ValueTask<NetTcpUpgradeResult?> UpgradeAsync(System.IO.Pipelines.IDuplexPipe transport, CancellationToken cancellationToken)
        {
            await Hosting.IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            return await inner.UpgradeAsync(transport, cancellationToken).ConfigureAwait(false);
        }
    }

    private static ClientCertificatePolicy? ClientPolicy(string name, ListenerTlsConfig config)
    {
        if (!config.AsksForClientCertificates)
        {
            return null;
        }

        var path = config.ClientCertificateAuthorities ?? throw new ArgumentException($"{name}: tls.clientCertificateAuthorities is required");
        if (!CertificateFiles.TryLoadAuthorities(path, out var authorities, out var error))
        {
            throw new ArgumentException($"{name}: tls.clientCertificateAuthorities: {error}");
        }

        var mode = string.Equals(TlsNames.ClientCertificateMode(config.ClientCertificateMode), TlsNames.RequireCertificate, StringComparison.Ordinal)
            ? ClientCertificateMode.RequireCertificate
            : ClientCertificateMode.AllowCertificate;
        return new ClientCertificatePolicy(mode, authorities!, config.CheckCertificateRevocation);
    }
}
