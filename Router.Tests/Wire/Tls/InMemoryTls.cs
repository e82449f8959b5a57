using System.IO.Pipelines;
using System.Net.Security;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Tls;

/// <summary>
/// A connection made of two in-memory pipes: the server side as an <see cref="IDuplexPipe"/> (what a handshake runs
/// over) and the client side as a stream a real <see cref="SslStream"/> client can run over.
/// </summary>
internal sealed class InMemoryTls : IAsyncDisposable
{
    private readonly Pipe _toServer = new();
    private readonly Pipe _toClient = new();

    public InMemoryTls()
    {
        Server = new DuplexPipe(_toServer.Reader, _toClient.Writer);
        Client = new DuplexPipeStream(new DuplexPipe(_toClient.Reader, _toServer.Writer));
    }

    /// <summary>The server's side of the connection.</summary>
    public IDuplexPipe Server { get; }

    /// <summary>The client's side of the connection, as a stream.</summary>
    public Stream Client { get; }

    /// <summary>Sends <paramref name="bytes"/> as the client, raw.</summary>
    public async Task SendAsync(byte[] bytes) => await _toServer.Writer.WriteAsync(bytes);

    /// <summary>The client closes its sending side.</summary>
    public Task CloseClientAsync() => _toServer.Writer.CompleteAsync().AsTask();

    /// <summary>The client is gone: it sends nothing more and receives nothing more (what the server then writes fails).</summary>
    public async Task ClientGoneAsync()
    {
        await _toServer.Writer.CompleteAsync();
        await _toClient.Reader.CompleteAsync();
    }

    /// <summary>Server options with one certificate for every name, or a certificate per SNI name.</summary>
    public static TlsServerOptions Options(TestCertificate server, ClientCertificatePolicy? clients = null, Func<string?, TestCertificate>? byName = null)
    {
        var fallback = SslStreamCertificateContext.Create(server.Certificate, null, offline: true);
        return new TlsServerOptions
        {
            CertificateFor = name => byName is null ? fallback : SslStreamCertificateContext.Create(byName(name).Certificate, null, offline: true),
            ClientCertificates = clients,
        };
    }

    /// <summary>A TLS client for <paramref name="host"/> that trusts <paramref name="ca"/> only and records the server certificate.</summary>
    public static SslClientAuthenticationOptions ClientOptions(
        X509Certificate2 ca, string host = "localhost", X509Certificate2? certificate = null, SslProtocols protocols = SslProtocols.None, Action<X509Certificate2>? seen = null) => new()
    {
        TargetHost = host,
        EnabledSslProtocols = protocols,
        ClientCertificateContext = certificate is null ? null : SslStreamCertificateContext.Create(certificate, null, offline: true),
        RemoteCertificateValidationCallback = (_, presented, _, errors) =>
        {
            var typed = (X509Certificate2)presented!;
            seen?.Invoke(typed);
            return (errors & SslPolicyErrors.RemoteCertificateNameMismatch) == 0 && TestCaValidator.Chains(typed, ca, out _);
        },
    };

    /// <summary>Runs a client handshake, swallowing its failure (the server's result is what a test checks); true when it succeeded.</summary>
    public static async Task<bool> TryClientHandshakeAsync(SslStream client, SslClientAuthenticationOptions options)
    {
        try
        {
            await client.AuthenticateAsClientAsync(options).WaitAsync(TimeSpan.FromSeconds(10));
            return true;
        }
        catch (Exception ex) when (ex is AuthenticationException or IOException)
        {
            return false;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _toServer.Writer.CompleteAsync();
        await _toClient.Writer.CompleteAsync();
    }
}
