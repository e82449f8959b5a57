using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using LoadClient.CommandLine;
using LoadClient.Tls;
using LoadClient.Wcf;

namespace LoadClient.Preflight;

/// <summary>
/// Before any request to a TLS target: one connection with the run's own TLS settings (https: a HEAD request, whatever
/// HTTP status it gets; net.tcp: one WCF session opened and closed), so an untrusted certificate, a name that does not
/// match or a refused client certificate is one line and exit code 1, not a run of failed requests, whatever --warmup
/// says. Its handshake counts in the run's total.
/// </summary>
internal static class TlsCheck
{
    /// <summary>Null when a TLS connection to <paramref name="options"/>' URL works with <paramref name="tls"/>; else one line saying why not.</summary>
    public static async Task<string?> CheckAsync(LoadOptions options, TargetTls tls, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(tls);
        var handshakesBefore = tls.Handshakes;
        try
        {
            if (options.Url.Scheme == Uri.UriSchemeHttps)
            {
                await HeadAsync(options.Url, tls, options.Timeout, stop);
            }
            else
            {
                await OpenSessionAsync(WcfEndpoint.For(options, tls), stop);
            }

            return null;
        }
        catch (Exception ex) when (ex is HttpRequestException or CommunicationException or TimeoutException or OperationCanceledException or IOException)
        {
            // Stopped (Ctrl+C): the run that follows stops at once and reports nothing measured.
            return stop.IsCancellationRequested ? null : Describe(options, tls, ex, certificateSeen: tls.Handshakes > handshakesBefore);
        }
    }

    private static async Task HeadAsync(Uri url, TargetTls tls, TimeSpan timeout, CancellationToken stop)
    {
        using var handler = new SocketsHttpHandler
        {
            SslOptions = tls.HttpOptions(),
            ConnectTimeout = timeout,
            UseProxy = false,
            UseCookies = false,
            AllowAutoRedirect = false,
        };
        using var invoker = new HttpMessageInvoker(handler);
        using var request = new HttpRequestMessage(HttpMethod.Head, url)
        {
            Version = System.Net.HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        if (tls.HostHeader(url) is { } host)
        {
            request.Headers.Host = host;
        }

        using var limit = CancellationTokenSource.CreateLinkedTokenSource(stop);
        limit.CancelAfter(timeout);
        using var response = await invoker.SendAsync(request, limit.Token);
    }

    // The session's own factory, as the run's channels get it (credentials among the binding's parameters); its open
    // is the preamble, the TLS upgrade and the server's acknowledgement, within the binding's open timeout (--timeout).
    private static async Task OpenSessionAsync(WcfEndpoint endpoint, CancellationToken stop)
    {
        var credentials = new ClientCredentials();
        endpoint.Tls!.Configure(credentials);
        var factory = endpoint.Binding.BuildChannelFactory<IDuplexSessionChannel>(new BindingParameterCollection { credentials });
        try
        {
            await Task.Factory.FromAsync(factory.BeginOpen, factory.EndOpen, null);
            var channel = factory.CreateChannel(endpoint.Address, endpoint.Via);
            using var abortOnStop = stop.Register(static c => ((ICommunicationObject)c!).Abort(), channel);
            try
            {
                await Task.Factory.FromAsync(channel.BeginOpen, channel.EndOpen, null);
            }
            finally
            {
                await WcfClosing.CloseAsync(channel);
            }
        }
        finally
        {
            await WcfClosing.CloseAsync(factory);
        }
    }

    private static string Describe(LoadOptions options, TargetTls tls, Exception exception, bool certificateSeen)
    {
        var where = $"{options.Url.Host}:{options.Url.Port}";
        if (tls.LastProblem is { } problem)
        {
            var authorities = tls.Settings.Authorities is null ? "the system's trusted authorities" : "the --ca authorities";
            return $"TLS with {where} failed: {problem} (checked against {authorities}, for the name '{tls.Settings.ServerName}': see --ca, --server-name).";
        }

        if (exception is TimeoutException or OperationCanceledException)
        {
            return $"TLS with {where} failed: no TLS connection within --timeout ({options.Timeout.TotalSeconds:0.###} s).";
        }

        var innermost = exception;
        while (innermost.InnerException is { } inner)
        {
            innermost = inner;
        }

        var detail = $"{innermost.GetType().Name}: {string.Join(' ', innermost.Message.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))}";
        if (!certificateSeen)
        {
            return $"TLS with {where} failed before the server showed a certificate ({detail}): is it a TLS endpoint (https, or net.tcp with --tls)?";
        }

        // The server's certificate was accepted and then the server ended the connection: what a server does with a
        // client certificate it requires and did not get, or does not accept (under TLS 1.3, after the client's side of
        // the handshake is done, so the client sees the end of the connection rather than a TLS alert).
        var hint = tls.Settings.ClientCertificate is null
            ? "does it require a client certificate (--client-cert, --client-key)?"
            : $"does it accept the client certificate {tls.Settings.ClientCertificate.Leaf.Subject}?";
        return $"TLS with {where} failed: the server ended the connection after its certificate was accepted ({detail}); {hint}";
    }
}
