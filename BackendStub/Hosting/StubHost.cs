using System.Globalization;
using System.Net;
using BackendStub.Compression;
using BackendStub.Service;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using SoapRouter.Wire.Bindings;
using Microsoft.AspNetCore.Server.Kestrel.Https;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace BackendStub.Hosting;

/// <summary>
/// The backend stub on Kestrel: the SOAP endpoints /basic, /soap12 and /binary (see <see cref="StubSoapEndpoints"/>),
/// each with its WSDL at ?wsdl, and GET /stub/stats, on one HTTP port; with a TCP port, the net.tcp endpoint
/// net.tcp://host:port/tcp as well (.NET Message Framing, run by SoapRouter.Wire's NetTcpServerSession); with TLS ports,
/// the same over HTTPS and over net.tcp's TLS upgrade (SoapRouter.Wire's TLS settings on both). Stands in for
/// the CoreWCF service the design names: it reads and writes every message with WCF's own encoders (through
/// SoapRouter.Wire), so stock WCF clients, dotnet-svcutil and other SOAP stacks talk to it as to a WCF service.
/// </summary>
public sealed class StubHost : IAsyncDisposable
{
    /// <summary>Path of the statistics endpoint.</summary>
    public const string StatsPath = "/stub/stats";

    /// <summary>PUT with ?ms=N: the latency added to every request-reply operation from now on (a chaos run's slow backend).</summary>
    public const string LatencyPath = "/stub/latency";

    /// <summary>Name of the statistics endpoint in <see cref="Endpoints"/>.</summary>
    public const string StatsName = "stats";

    /// <summary>Name of the statistics endpoint over HTTPS in <see cref="Endpoints"/>.</summary>
    public const string StatsHttpsName = "statsHttps";

    private readonly StubOptions _options;
    private readonly StubRequestHandler _handler;
    private readonly StubStreamedHandler _streamed;
    private readonly StubNetTcpConnectionHandler _netTcp;
    private readonly StubDispatcher _dispatcher;
    private readonly TimeProvider _time;
    private StubNetTcpConnectionHandler? _netTcpTls;
    private WebApplication? _app;

    /// <summary>
    /// Prepares the stub; <paramref name="timeProvider"/> times the injected latency and the net.tcp timeouts (default:
    /// the system clock).
    /// </summary>
    public StubHost(StubOptions options, TimeProvider? timeProvider = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
        var time = timeProvider ?? TimeProvider.System;
        Compression = new StubCompression(options, time);
        Statistics = new StubStatistics(Compression.Links);
        Latency = new LatencyInjector(options.Latency, time);
        var dispatcher = new StubDispatcher(options, Statistics, FaultInjector.FromOptions(options), Latency);
        _handler = new StubRequestHandler(options, Statistics, dispatcher, Compression, time);
        _streamed = new StubStreamedHandler(options, Statistics, dispatcher);
        _netTcp = new StubNetTcpConnectionHandler(options, dispatcher, Statistics, time, _streamed);
        _dispatcher = dispatcher;
        _time = time;
    }

    /// <summary>The injected latency (--latency-ms, then <see cref="LatencyPath"/>).</summary>
    public LatencyInjector Latency { get; }

    /// <summary>The counters served at <see cref="StatsPath"/>.</summary>
    public StubStatistics Statistics { get; }

    /// <summary>The compression links of the HTTP endpoints.</summary>
    public StubCompression Compression { get; }

    /// <summary>The served addresses with the bound port, in printing order; empty until started.</summary>
    public IReadOnlyList<StubEndpoint> Endpoints { get; private set; } = [];

    /// <summary>net.tcp connections open now on both net.tcp ports, as the server sees them (0 without a TCP port).</summary>
    public int NetTcpConnections => _netTcp.Connections + (_netTcpTls?.Connections ?? 0);

    /// <summary>net.tcp connections accepted since start on both net.tcp ports.</summary>
    public long NetTcpConnectionsAccepted => _netTcp.AcceptedConnections + (_netTcpTls?.AcceptedConnections ?? 0);

    /// <summary>The lines to print at start: every endpoint, then "ready".</summary>
    public IEnumerable<string> StartupLines
    {
        get
        {
            foreach (var endpoint in Endpoints)
            {
                yield return StubEndpointLine.Format(endpoint);
            }

            yield return StubEndpointLine.Ready;
        }
    }

    /// <summary>The bound address of the endpoint speaking <paramref name="binding"/>.</summary>
    public Uri AddressOf(WireBinding binding) => AddressOf(StubSoapEndpoints.For(binding).Name);

    /// <summary>The bound address of the endpoint speaking <paramref name="binding"/> over TLS.</summary>
    public Uri SecureAddressOf(WireBinding binding) => AddressOf(StubSoapEndpoints.For(binding).SecureName);

    /// <summary>The bound address of the endpoint named <paramref name="name"/>.</summary>
    public Uri AddressOf(string name)
    {
        foreach (var endpoint in Endpoints)
        {
            if (endpoint.Name == name)
            {
                return endpoint.Address;
            }
        }

        throw new InvalidOperationException($"The stub has no endpoint '{name}' (is it started?).");
    }

    /// <summary>
    /// Starts listening; returns once the ports are bound. A taken port, or a certificate file that cannot be read,
    /// throws <see cref="IOException"/>.
    /// </summary>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        if (_app is not null)
        {
            throw new InvalidOperationException("The stub is already started.");
        }

        var tls = _options.ServesTls ? StubTls.Load(_options) : null;
        if (_options.RecordOneWayPath is { } recordPath)
        {
            _dispatcher.OneWayRecord = Samples.Delivery.DeliveryRecord.Open(recordPath);
        }

        if (tls is not null && _options.TcpTlsPort is not null)
        {
            _netTcpTls = new StubNetTcpConnectionHandler(_options, _dispatcher, Statistics, _time, _streamed, new TlsStreamUpgrade(tls, CountHandshake));
        }

        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            ApplicationName = typeof(StubHost).Assembly.GetName().Name,
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<IHostLifetime, StubHostLifetime>();
        builder.Services.AddSingleton(_netTcp);
        ListenOptions? http = null;
        ListenOptions? netTcp = null;
        ListenOptions? https = null;
        ListenOptions? netTcpTls = null;

        // Kestrel hands the socket factory the very EndPoint object given to Listen: that is how the net.tcp
        // listeners' sockets are told apart (every port may be 0) and their segment size capped for WCF clients.
        var netTcpEndPoint = new IPEndPoint(IPAddress.Parse(_options.Host), _options.TcpPort ?? 0);
        var netTcpTlsEndPoint = new IPEndPoint(IPAddress.Parse(_options.Host), _options.TcpTlsPort ?? 0);
        builder.WebHost.UseSockets(sockets => sockets.CreateBoundListenSocket = endPoint =>
        {
            var socket = SocketTransportOptions.CreateDefaultBoundListenSocket(endPoint);
            if (ReferenceEquals(endPoint, netTcpEndPoint) || ReferenceEquals(endPoint, netTcpTlsEndPoint))
            {
                NetTcpListenSocket.LimitSegmentSize(socket);
            }

            return socket;
        });
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;

            // The stub enforces MaxMessageSize itself, to answer 413 rather than reset the connection.
            kestrel.Limits.MaxRequestBodySize = null;
            kestrel.Listen(IPAddress.Parse(_options.Host), _options.HttpPort, listen => http = listen);
            if (_options.TcpPort is not null)
            {
                kestrel.Listen(netTcpEndPoint, listen =>
                {
                    netTcp = listen;
                    listen.UseConnectionHandler<StubNetTcpConnectionHandler>();
                });
            }

            if (tls is not null && _options.HttpsPort is { } httpsPort)
            {
                kestrel.Listen(IPAddress.Parse(_options.Host), httpsPort, listen =>
                {
                    https = listen;
                    UseTls(listen, tls);
                });
            }

            if (_netTcpTls is { } tlsHandler)
            {
                kestrel.Listen(netTcpTlsEndPoint, listen =>
                {
                    netTcpTls = listen;
                    listen.Run(tlsHandler.OnConnectedAsync);
                });
            }
        });

        var app = builder.Build();
        app.Run(HandleAsync);
        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            await app.DisposeAsync().ConfigureAwait(false);
            CloseOneWayRecord();
            throw;
        }

        _app = app;

        // Kestrel writes the bound endpoint (the OS's port when 0 was asked for) back into each listener's options.
        var port = http!.IPEndPoint!.Port;
        var endpoints = new List<StubEndpoint>();
        foreach (var endpoint in StubSoapEndpoints.All.Concat(StubSoapEndpoints.Streamed))
        {
            endpoints.Add(new StubEndpoint(endpoint.Name, Address(Uri.UriSchemeHttp, port, endpoint.Path)));
        }

        endpoints.Add(new StubEndpoint(StatsName, Address(Uri.UriSchemeHttp, port, StatsPath)));
        if (netTcp is not null)
        {
            endpoints.Add(new StubEndpoint(StubSoapEndpoints.NetTcpAugust2004.Name, StubNetTcpConnectionHandler.Address(_options.Host, netTcp.IPEndPoint!.Port, StubSoapEndpoints.NetTcpAugust2004)));
            endpoints.Add(new StubEndpoint(StubSoapEndpoints.NetTcp.Name, StubNetTcpConnectionHandler.Address(_options.Host, netTcp.IPEndPoint!.Port)));
        }

        if (https is not null)
        {
            var securePort = https.IPEndPoint!.Port;
            foreach (var endpoint in StubSoapEndpoints.All.Concat(StubSoapEndpoints.Streamed))
            {
                endpoints.Add(new StubEndpoint(endpoint.SecureName, Address(Uri.UriSchemeHttps, securePort, endpoint.Path)));
            }

            endpoints.Add(new StubEndpoint(StatsHttpsName, Address(Uri.UriSchemeHttps, securePort, StatsPath)));
        }

        if (netTcpTls is not null)
        {
            endpoints.Add(new StubEndpoint(
                StubSoapEndpoints.NetTcpAugust2004.SecureName, StubNetTcpConnectionHandler.Address(_options.Host, netTcpTls.IPEndPoint!.Port, StubSoapEndpoints.NetTcpAugust2004)));
            endpoints.Add(new StubEndpoint(StubSoapEndpoints.NetTcp.SecureName, StubNetTcpConnectionHandler.Address(_options.Host, netTcpTls.IPEndPoint!.Port)));
        }

        Endpoints = endpoints;
    }

    /// <summary>Stops listening and lets requests in progress finish within <paramref name="cancellationToken"/>.</summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        var app = _app;
        if (app is null)
        {
            return;
        }

        _app = null;
        Endpoints = [];
        try
        {
            await app.StopAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await app.DisposeAsync().ConfigureAwait(false);
            CloseOneWayRecord();
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync() => await StopAsync().ConfigureAwait(false);

    private Uri? NetTcpAddress()
    {
        foreach (var endpoint in Endpoints)
        {
            if (endpoint.Name == StubSoapEndpoints.NetTcp.Name)
            {
                return endpoint.Address;
            }
        }

        return null;
    }

    private void CloseOneWayRecord()
    {
        _dispatcher.OneWayRecord?.Dispose();
        _dispatcher.OneWayRecord = null;
    }

    private Uri Address(string scheme, int port, string path) => new UriBuilder(scheme, _options.Host, port, path).Uri;

    /// <summary>
    /// Kestrel's TLS with the wire library's settings (the ones the net.tcp TLS port uses), chosen per connection by
    /// SNI; every connection that completes its handshake is counted.
    /// </summary>
    private void UseTls(ListenOptions listen, TlsServerOptions tls)
    {
        listen.UseHttps(new TlsHandshakeCallbackOptions
        {
            OnConnection = context => ValueTask.FromResult(TlsServerHandshake.CreateAuthenticationOptions(tls, context.ClientHelloInfo.ServerName)),
            HandshakeTimeout = tls.HandshakeTimeout,
        });
        listen.Use(next => connection =>
        {
            Statistics.TlsHandshakeCompleted();
            return next(connection);
        });
    }

    private void CountHandshake(TlsHandshakeResult result)
    {
        if (result.Succeeded)
        {
            Statistics.TlsHandshakeCompleted();
        }
    }

    private Task HandleAsync(HttpContext context)
    {
        var path = context.Request.Path.Value;
        if (StubSoapEndpoints.FindByPath(path) is { } endpoint)
        {
            return _handler.HandleAsync(context, endpoint);
        }

        if (StubSoapEndpoints.FindStreamedByPath(path) is { } streamed)
        {
            return _streamed.HandleAsync(context, streamed);
        }

        // As a WCF service with an HTTP base address publishes its net.tcp endpoint's metadata (httpGetEnabled).
        if (string.Equals(path, StubSoapEndpoints.NetTcp.Path, StringComparison.OrdinalIgnoreCase) && HttpMethods.IsGet(context.Request.Method)
            && StubRequestHandler.IsWsdlQuery(context.Request.Query) && NetTcpAddress() is { } netTcpAddress)
        {
            return StubRequestHandler.WriteWsdlAsync(context, StubSoapEndpoints.NetTcp.Binding, netTcpAddress);
        }

        if (string.Equals(path, StatsPath, StringComparison.OrdinalIgnoreCase) && HttpMethods.IsGet(context.Request.Method))
        {
            return context.Response.WriteAsJsonAsync(
                Statistics.Snapshot(), StubJsonContext.Default.StubStatsSnapshot, contentType: null, context.RequestAborted);
        }

        if (string.Equals(path, LatencyPath, StringComparison.OrdinalIgnoreCase) && HttpMethods.IsPut(context.Request.Method))
        {
            if (!int.TryParse(context.Request.Query["ms"], NumberStyles.None, CultureInfo.InvariantCulture, out var ms))
            {
                context.Response.StatusCode = StatusCodes.Status400BadRequest;
                return context.Response.WriteAsync("ms: a whole number of milliseconds, >= 0\n", context.RequestAborted);
            }

            Latency.Latency = TimeSpan.FromMilliseconds(ms);
            return context.Response.WriteAsync($"latency {ms} ms\n", context.RequestAborted);
        }

        context.Response.StatusCode = StatusCodes.Status404NotFound;
        return Task.CompletedTask;
    }
}
