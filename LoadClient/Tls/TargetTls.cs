using System.Net.Security;
using System.ServiceModel.Description;
using SoapRouter.Wire.Tls;

namespace LoadClient.Tls;

/// <summary>
/// The client as a TLS client of its target, for one run: the server certificate checked by the wire library's
/// <see cref="ServerCertificatePolicy"/> (the --ca authorities only, or the system's; the name --server-name or the URL's
/// host), the client certificate presented, and every handshake counted. The check runs once per new TLS connection
/// (raw: the shared HttpClient's connections; wcf: WCF's HTTPS connections and net.tcp sessions), so the count shows
/// how well connections are reused.
/// </summary>
internal sealed class TargetTls
{
    private readonly ServerCertificatePolicy _policy;
    private long _handshakes;
    private string? _problem;

    /// <summary>Checks and presents as <paramref name="settings"/> say.</summary>
    public TargetTls(TlsSettings settings)
    {
        ArgumentNullException.ThrowIfNull(settings);
        Settings = settings;
        _policy = new ServerCertificatePolicy(settings.Authorities);
    }

    /// <summary>What the command line asked for.</summary>
    public TlsSettings Settings { get; }

    /// <summary>Handshakes that reached the server certificate's check so far, refused ones included.</summary>
    public long Handshakes => Interlocked.Read(ref _handshakes);

    /// <summary>Why the last refused server certificate was refused; null while none was.</summary>
    public string? LastProblem => Volatile.Read(ref _problem);

    /// <summary>
    /// The Host header of the raw mode's requests to <paramref name="url"/>: --server-name (with the port when it is not
    /// the default), which SocketsHttpHandler also takes as the TLS name (SNI and the name check); null for the URL's own.
    /// </summary>
    public string? HostHeader(Uri url)
    {
        ArgumentNullException.ThrowIfNull(url);
        return !Settings.ServerNameGiven ? null : url.IsDefaultPort ? Settings.ServerName : $"{Settings.ServerName}:{url.Port}";
    }

    /// <summary>The handshake settings of a <see cref="SocketsHttpHandler"/>: the check (the name by the TLS stack) and the client certificate with its intermediates.</summary>
    public SslClientAuthenticationOptions HttpOptions() => new()
    {
        RemoteCertificateValidationCallback = (_, certificate, _, errors) => Counted(_policy.Validate(certificate, errors, out var problem), problem),
        ClientCertificateContext = Settings.ClientCertificate is { } client
            ? SslStreamCertificateContext.Create(client.Leaf, client.Intermediates, offline: true)
            : null,
    };

    /// <summary>
    /// Makes <paramref name="credentials"/> (a channel factory's, or one among a binding's parameters) check the server
    /// certificate's chain and name (WCF's HTTPS checks no name when a custom validator is set; net.tcp also checks its
    /// DNS identity) and present the client certificate.
    /// </summary>
    public void Configure(ClientCredentials credentials)
    {
        ArgumentNullException.ThrowIfNull(credentials);
        var validator = new WcfServerCertificateValidator(certificate =>
            Counted(_policy.Validate(certificate, Settings.ServerName, out var problem), problem) ? null : problem);
        validator.ApplyTo(credentials, Settings.ClientCertificate?.Leaf);
    }

    private bool Counted(bool accepted, string? problem)
    {
        Interlocked.Increment(ref _handshakes);
        if (!accepted)
        {
            Volatile.Write(ref _problem, problem);
        }

        return accepted;
    }
}
