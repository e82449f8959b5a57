using System.Net;
using BackendStub.Service;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Connections.Features;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;

namespace BackendStub.Hosting;

/// <summary>
/// Kestrel's side of the stub's net.tcp listener: each connection runs a <see cref="NetTcpServerSession"/> whose
/// endpoint is net.tcp://host:port/tcp (WS-Addressing 1.0) or net.tcp://host:port/tcp2004 (August 2004), and
/// net.tcp://host:port/tcpStreamed for streamed clients (on the TLS port too, after the upgrade; a preamble naming
/// another Via gets EndpointNotFound), with the stub's message
/// size limit and, when configured, its connection limit (ServerTooBusy past it). With a stream upgrade (the TLS port),
/// every session must upgrade first.
/// </summary>
internal sealed class StubNetTcpConnectionHandler : ConnectionHandler
{
    private readonly StubOptions _options;
    private readonly StubDispatcher _dispatcher;
    private readonly StubStatistics _statistics;
    private readonly TimeProvider _time;
    private readonly NetTcpSessionLimits _limits;
    private readonly INetTcpStreamUpgrade? _upgrade;
    private readonly StubStreamedHandler? _streamed;
    private int _connections;
    private long _accepted;

    public StubNetTcpConnectionHandler(
        StubOptions options, StubDispatcher dispatcher, StubStatistics statistics, TimeProvider time, StubStreamedHandler? streamed = null, INetTcpStreamUpgrade? upgrade = null)
    {
        _options = options;
        _upgrade = upgrade;
        _streamed = streamed;
        _dispatcher = dispatcher;
        _statistics = statistics;
        _time = time;
        _limits = new NetTcpSessionLimits
        {
            Wire = new WireLimits
            {
                MaxMessageSize = options.MaxMessageSize,
                MaxStringContentLength = Math.Max(options.MaxMessageSize, 8192),
                MaxArrayLength = Math.Max(options.MaxMessageSize, 8192),
            },

            // Replies may be larger than requests, as over HTTP.
            MaxSentMessageSize = Math.Max(options.MaxMessageSize, StubRequestHandler.MaxReplySize),
            IdleTimeout = options.TcpIdleTimeout,
            PreambleTimeout = options.TcpPreambleTimeout,
        };
    }

    /// <summary>net.tcp connections being served now (not those refused for the connection limit).</summary>
    public int Connections => Volatile.Read(ref _connections);

    /// <summary>net.tcp connections accepted since start, refused ones included.</summary>
    public long AcceptedConnections => Interlocked.Read(ref _accepted);

    /// <inheritdoc />
    public override Task OnConnectedAsync(ConnectionContext connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        var port = (connection.LocalEndPoint as IPEndPoint)?.Port ?? 0;
        var address = Address(_options.Host, port);
        var streamedAddress = new UriBuilder(address) { Path = StubSoapEndpoints.NetTcpStreamed.Path }.Uri;
        var august2004Address = Address(_options.Host, port, StubSoapEndpoints.NetTcpAugust2004);
        var filter = _options.AddressFilter == AddressFilterMode.Any ? AddressFilterMode.Any : AddressFilterMode.Default;
        Interlocked.Increment(ref _accepted);
        var session = new NetTcpServerSession(
            connection.Transport,
            // The Via as the To (--address-filter): any, for a stub reached through a port forwarder or a relay. Each
            // session gets its own endpoint: a PerSession service instance; the August 2004 path is told apart first.
            via => AddressFilter.Matches(via, august2004Address, AddressFilterMode.Default)
                    ? new StubNetTcpEndpoint(_dispatcher, _statistics, august2004Address, StubSoapEndpoints.NetTcpAugust2004)
                : AddressFilter.Matches(via, address, filter) ? new StubNetTcpEndpoint(_dispatcher, _statistics, address)
                : _streamed is not null && AddressFilter.Matches(via, streamedAddress, AddressFilterMode.Default) ? new StubNetTcpStreamedEndpoint(_streamed, streamedAddress)
                : null,
            _limits,
            NullLogger.Instance,
            _time,
            TryAcquireSlot,
            ReleaseSlot,
            _upgrade);

        // Kestrel asks connection handlers to finish through this token when the host stops.
        var stopping = connection.Features.Get<IConnectionLifetimeNotificationFeature>()?.ConnectionClosedRequested ?? connection.ConnectionClosed;
        return session.RunAsync(stopping);
    }

    /// <summary>The address of the net.tcp endpoint <paramref name="endpoint"/> (by default the WS-Addressing 1.0 one) on <paramref name="port"/>.</summary>
    public static Uri Address(string host, int port, StubSoapEndpoint? endpoint = null) =>
        new UriBuilder("net.tcp", host, port, (endpoint ?? StubSoapEndpoints.NetTcp).Path).Uri;

    private bool TryAcquireSlot()
    {
        // Every connection is counted (for the host's view); only a configured limit refuses any.
        if (Interlocked.Increment(ref _connections) <= (_options.MaxTcpConnections ?? int.MaxValue))
        {
            return true;
        }

        Interlocked.Decrement(ref _connections);
        return false;
    }

    private void ReleaseSlot() => Interlocked.Decrement(ref _connections);
}
