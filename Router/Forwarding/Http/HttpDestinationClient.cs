using System.Net;
using SoapRouter.LoadBalancing;
using SoapRouter.Tls;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// The connection pool to one destination: a <see cref="SocketsHttpHandler"/> set up for verbatim forwarding and
/// the destination's address, parsed once. Shared by every message to that destination.
/// </summary>
internal sealed class HttpDestinationClient : IDisposable
{
    /// <summary>How long a pooled connection is used before a new one is opened, so DNS changes are seen.</summary>
    public static readonly TimeSpan PooledConnectionLifetime = TimeSpan.FromMinutes(2);

    private int _disposed;

    /// <summary>
    /// Creates the pool for <paramref name="destination"/>; <paramref name="connectTimeout"/> bounds each connect;
    /// <paramref name="tls"/> (an https:// destination) checks its certificate and presents the router's.
    /// </summary>
    /// <remarks>
    /// With <paramref name="time"/> given, a plain-http destination also gets the router's own HTTP/1.1 client
    /// (<see cref="Http1"/>), which the verbatim path uses instead of the handler.
    /// </remarks>
    public HttpDestinationClient(
        DestinationState destination, TimeSpan connectTimeout, int maxConnectionsPerServer, DestinationTls? tls = null, TimeProvider? time = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxConnectionsPerServer, 1);
        Destination = destination;
        ConnectTimeout = connectTimeout;
        Address = new Uri(destination.Config.Address, UriKind.Absolute);
        Handler = new SocketsHttpHandler
        {
            ConnectTimeout = connectTimeout > TimeSpan.Zero ? connectTimeout : Timeout.InfiniteTimeSpan,
            PooledConnectionLifetime = PooledConnectionLifetime,
            MaxConnectionsPerServer = maxConnectionsPerServer,

            // Bytes pass through verbatim: nothing is decompressed, followed, remembered or sent via a proxy.
            AutomaticDecompression = DecompressionMethods.None,
            AllowAutoRedirect = false,
            UseCookies = false,
            UseProxy = false,

            // The trace context travels in the request's own traceparent header; the handler must not add or
            // replace it from whatever Activity happens to be current.
            ActivityHeadersPropagator = null,
        };
        Tls = tls;
        if (tls is not null)
        {
            Handler.SslOptions = tls.HttpOptions();

            // The handler takes the TLS name (SNI and the certificate's name check) from the Host header: an IP address
            // in the destination's address is then checked against tls.serverName, and the backend sees that host.
            HostHeader = tls.ServerName is not { } name ? null : Address.IsDefaultPort ? name : $"{name}:{Address.Port}";
        }
        Invoker = new HttpMessageInvoker(Handler, disposeHandler: true);
        if (time is not null && tls is null && Address.Scheme == Uri.UriSchemeHttp)
        {
            Http1 = new Forwarding.Http1.Http1ConnectionPool(Address, connectTimeout, maxConnectionsPerServer, time);
        }
    }

    /// <summary>The router's own HTTP/1.1 client for a plain-http destination; null: every request goes through <see cref="Invoker"/>.</summary>
    public Forwarding.Http1.Http1ConnectionPool? Http1 { get; }

    /// <summary>The TLS side of an https:// destination; null for http://.</summary>
    public DestinationTls? Tls { get; }

    /// <summary>The Host header every request carries (tls.serverName, for an IP address); null: the address's own.</summary>
    public string? HostHeader { get; }

    /// <summary>The destination this pool serves.</summary>
    public DestinationState Destination { get; }

    /// <summary>The connect timeout the handler was built with.</summary>
    public TimeSpan ConnectTimeout { get; }

    /// <summary>The destination's address, where requests are posted.</summary>
    public Uri Address { get; }

    /// <summary>The handler, exposed so tests can check its settings.</summary>
    internal SocketsHttpHandler Handler { get; }

    /// <summary>Sends requests; unlike HttpClient it returns as soon as headers arrive and has no timeout of its own.</summary>
    public HttpMessageInvoker Invoker { get; }

    /// <summary>True once disposed.</summary>
    public bool IsDisposed => Volatile.Read(ref _disposed) != 0;

    /// <summary>Closes the pool's connections; requests still using it fail.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            Invoker.Dispose();
            Http1?.Dispose();
            Tls?.Dispose();
        }
    }
}
