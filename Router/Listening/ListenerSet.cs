using System.Net;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Listening.Connections;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Listening;

/// <summary>
/// The HTTP listeners of the config the router started with: the Kestrel endpoints they need, which listener a request
/// is for, and the addresses they ended up bound to. Addresses are bound once; a reload that changes the listeners (or
/// the concurrency limit) is reported as needing a restart.
/// </summary>
/// <param name="plan">How the listeners of <paramref name="config"/> are planned.</param>
/// <param name="config">The config the router started with.</param>
internal sealed class ListenerSet(ListenerPlan plan, RouterConfig config)
{
    private readonly ListenerPlan _plan = plan;
    private readonly ListenerEndpoint[] _endpoints = [.. plan.Endpoints];
    private readonly RouterConfig _started = config;
    private readonly ListenOptions?[] _bound = new ListenOptions?[plan.Endpoints.Count];
    private readonly HashSet<EndPoint> _netTcpEndPoints = new(ReferenceEqualityComparer.Instance);

    /// <summary>Listeners of the start config that are not served (netTcp).</summary>
    public IReadOnlyList<ListenerConfig> NotStarted => _plan.NotStarted;

    /// <summary>
    /// Whether listeners that learn their clients' bandwidth read it from TCP_INFO where they can (the default where
    /// the platform has it); false times request arrivals instead (tests of that path). Set before the host is built.
    /// </summary>
    public bool ProbesTcp { get; set; } = Wire.Compression.TcpInfo.IsSupported;

    /// <summary>The address each served listener is reachable at, by listener name, with the real port; empty until started.</summary>
    public IReadOnlyDictionary<string, Uri> BoundAddresses { get; private set; } = new Dictionary<string, Uri>();

    /// <summary>
    /// Adds a Kestrel endpoint for every listener endpoint: HTTP ones run the host's request pipeline, net.tcp ones
    /// hand each connection to <paramref name="netTcpConnection"/>; every connection is first counted (and, on HTTP
    /// endpoints, limited) by <paramref name="connections"/>.
    /// </summary>
    /// <remarks>
    /// HTTP endpoints with a listener whose compression learns its clients' bandwidth also get
    /// <see cref="TcpLinkProbe"/>'s middleware and, for connections without it, <see cref="RequestArrival"/>'s, on
    /// <paramref name="time"/>'s clock (a listener given compression by a later reload times bodies from its
    /// handler's first read instead).
    /// </remarks>
    public void Configure(
        KestrelServerOptions options, ListenerConnections connections, Func<ConnectionContext, ListenerEndpoint, Task> netTcpConnection, TimeProvider time)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(connections);
        ArgumentNullException.ThrowIfNull(netTcpConnection);
        ArgumentNullException.ThrowIfNull(time);
        for (var i = 0; i < _endpoints.Length; i++)
        {
            var endpoint = _endpoints[i];
            var index = i;
            void Listen(ListenOptions listen)
            {
                _bound[index] = listen;

                // Added first, so it wraps everything else on the connection (Kestrel's HTTP server included).
                listen.Use(connections.Register(listen.EndPoint, endpoint));

                // TLS next (net.tcp upgrades inside its framing instead): what follows sees the decrypted stream.
                if (endpoint.Tls is { } tls && !endpoint.IsNetTcp)
                {
                    listen.Use(TlsTermination.Middleware(tls));
                }

                if (endpoint.IsNetTcp)
                {
                    listen.Run(connection => netTcpConnection(connection, endpoint));
                }
                else if (LearnsBandwidth(endpoint))
                {
                    if (ProbesTcp)
                    {
                        listen.Use(TcpLinkProbe.Middleware());
                    }

                    listen.Use(RequestArrival.Middleware(time));
                }
            }

            if (endpoint.IsNetTcp)
            {
                // The very object Kestrel hands the socket factory, so the listen socket can be told apart (IsNetTcp).
                // localhost means the IPv4 loopback here: a fixed port is required for it, and WCF clients resolve it so.
                var endPoint = new IPEndPoint(endpoint.Address ?? IPAddress.Loopback, endpoint.Port);
                _netTcpEndPoints.Add(endPoint);
                options.Listen(endPoint, Listen);
            }
            else if (endpoint.Address is null)
            {
                options.ListenLocalhost(endpoint.Port, Listen);
            }
            else
            {
                options.Listen(endpoint.Address, endpoint.Port, Listen);
            }
        }
    }

    /// <summary>
    /// Loads the certificates of every endpoint with TLS into <paramref name="certificates"/> and builds its TLS, whose
    /// handshakes are counted in <paramref name="statistics"/>. Called before the host is built; throws
    /// <see cref="ArgumentException"/> when a certificate cannot be used.
    /// </summary>
    public void PrepareTls(Tls.TlsCertificates certificates, Telemetry.RouterStatistics statistics, ILoggerFactory loggerFactory, TimeProvider time)
    {
        ArgumentNullException.ThrowIfNull(loggerFactory);
        var logger = loggerFactory.CreateLogger<Tls.ListenerTls>();
        foreach (var endpoint in _endpoints)
        {
            if (endpoint.TlsConfig is { } config)
            {
                var failures = new Tls.TlsHandshakeFailureLog(endpoint.DisplayName, logger, time);
                endpoint.Tls = Tls.ListenerTls.Create(endpoint.DisplayName, config, certificates, statistics, failures);
            }
        }
    }

    /// <summary>HTTP endpoints (host:port) served; each holds up to limits.maxConnections.</summary>
    public int HttpEndpointCount => _endpoints.Count(endpoint => !endpoint.IsNetTcp);

    /// <summary>True when some listener is a netTcp one.</summary>
    public bool HasNetTcp => _endpoints.Any(endpoint => endpoint.IsNetTcp);

    /// <summary>True when Kestrel is creating the listen socket of one of the net.tcp endpoints (by the object given to Listen).</summary>
    public bool IsNetTcp(EndPoint endPoint) => _netTcpEndPoints.Contains(endPoint);

    /// <summary>The display name of the endpoint that binds <paramref name="endPoint"/> (a localhost one binds both loopbacks), or null.</summary>
    public string? NameOf(IPEndPoint endPoint)
    {
        ArgumentNullException.ThrowIfNull(endPoint);
        foreach (var endpoint in _endpoints)
        {
            var address = endpoint.Address;
            if (endpoint.Port == endPoint.Port && (address is null ? IPAddress.IsLoopback(endPoint.Address) : address.Equals(endPoint.Address)))
            {
                return endpoint.DisplayName;
            }
        }

        return null;
    }

    /// <summary>Records the ports Kestrel bound (the real ones where the config asked for port 0) and logs each listener.</summary>
    public void RecordBound(ILogger logger)
    {
        var addresses = new Dictionary<string, Uri>(StringComparer.Ordinal);
        for (var i = 0; i < _endpoints.Length; i++)
        {
            var endpoint = _endpoints[i];
            if (endpoint.Port == 0 && _bound[i]?.EndPoint is IPEndPoint actual)
            {
                endpoint.BoundPort = actual.Port;
            }

            foreach (var listener in endpoint.Listeners)
            {
                var address = new UriBuilder(listener.Address) { Port = endpoint.BoundPort }.Uri;
                addresses.Add(listener.Name, address);
                ListenerLog.Listening(logger, listener.Name, listener.Binding.Name, address);
            }
        }

        BoundAddresses = addresses;
    }

    /// <summary>The listener a request on <paramref name="connection"/> for <paramref name="path"/> is for, or null.</summary>
    public SoapListener? Find(ConnectionInfo connection, ReadOnlySpan<char> path)
    {
        ArgumentNullException.ThrowIfNull(connection);
        foreach (var endpoint in _endpoints)
        {
            if (!endpoint.IsNetTcp && endpoint.Accepted(connection.LocalIpAddress, connection.LocalPort) && endpoint.Find(path) is { } listener)
            {
                return listener;
            }
        }

        return null;
    }

    /// <summary>The served listener named <paramref name="name"/> (a kept message's, to read it again), or null.</summary>
    public SoapListener? Named(string name)
    {
        foreach (var endpoint in _endpoints)
        {
            foreach (var listener in endpoint.Listeners)
            {
                if (string.Equals(listener.Name, name, StringComparison.Ordinal))
                {
                    return listener;
                }
            }
        }

        return null;
    }

    /// <summary>Reports what a reloaded config changes that only a restart applies: the listeners, the concurrency limit, the connection and rate limits.</summary>
    public void CheckReload(RouterState state, int concurrencyLimit, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(state);
        if (RestartKeys.Changed(_started, state.Config, RestartGroup.Listeners).Count > 0)
        {
            ListenerLog.ListenersNeedRestart(logger, state.Snapshot.Version);
        }

        if (RestartKeys.Changed(_started, state.Config, RestartGroup.Concurrency).Count > 0)
        {
            ListenerLog.ConcurrencyNeedsRestart(logger, state.Snapshot.Version, state.Config.Limits.MaxConcurrentRequests, concurrencyLimit);
        }

        if (RestartKeys.Changed(_started, state.Config, RestartGroup.ConnectionLimits).Count > 0)
        {
            ListenerLog.ConnectionLimitsNeedRestart(logger, state.Snapshot.Version);
        }
    }

    /// <summary>Whether a listener of <paramref name="endpoint"/> compresses with a bandwidth it must measure (none configured).</summary>
    private bool LearnsBandwidth(ListenerEndpoint endpoint) =>
        endpoint.Listeners.Any(listener => _started.Listeners.Any(config =>
            config.Name == listener.Name && config.Compression is { Enabled: true, BandwidthBytesPerSecond: null } compression
            && compression.Mode != LinkCompressionMode.None));
}
