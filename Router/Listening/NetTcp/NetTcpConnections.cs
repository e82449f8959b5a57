using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Connections.Features;
using SoapRouter.Pipeline;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Listening.NetTcp;

/// <summary>
/// Runs the net.tcp framing session of every connection Kestrel accepts on a netTcp endpoint: the session's via picks
/// the listener (an unknown via is answered with the EndpointNotFound framing fault), and the limits are the current
/// config's (message size and reader quotas, pending messages per connection, idle timeout) plus the connection limit
/// fixed at start.
/// </summary>
/// <param name="pipeline">The pipeline the sessions' messages go through.</param>
/// <param name="states">The config state in use; the one at creation fixes the connection limit.</param>
internal sealed class NetTcpConnections(
    MessagePipeline pipeline,
    PipelineStateCache states,
    PipelineFaults faults,
    OutcomeRecorder outcomes,
    Telemetry.RouterStatistics statistics,
    TimeProvider timeProvider,
    ILoggerFactory loggerFactory)
{
    private readonly MessagePipeline _pipeline = pipeline;
    private readonly PipelineStateCache _states = states;
    private readonly NetTcpConnectionGate _gate = new(states.Current.State.Config.Limits.NetTcp.MaxConnections);
    private readonly TimeProvider _timeProvider = timeProvider;
    private readonly ILoggerFactory _loggerFactory = loggerFactory;
    private readonly ILogger _sessionLogger = loggerFactory.CreateLogger<NetTcpServerSession>();
    private readonly Dictionary<SoapListener, NetTcpListenerEndpoint> _endpoints = new(ReferenceEqualityComparer.Instance);
    private readonly Dictionary<SoapListener, NetTcpStreamedEndpoint> _streamedEndpoints = new(ReferenceEqualityComparer.Instance);
    private readonly Lock _endpointsGate = new();

    /// <summary>The connection limit.</summary>
    public NetTcpConnectionGate Gate => _gate;

    /// <summary>Serves <paramref name="connection"/>, accepted on <paramref name="endpoint"/>, until its session ends.</summary>
    public Task RunAsync(ConnectionContext connection, ListenerEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(connection);
        ArgumentNullException.ThrowIfNull(endpoint);
        var state = _states.Current;
        var netTcp = state.State.Config.Limits.NetTcp;
        var limits = new NetTcpSessionLimits
        {
            Wire = state.Limits,
            MaxPendingMessages = netTcp.MaxPendingMessagesPerConnection,
            IdleTimeout = netTcp.IdleTimeout,
            MaxStreamedMessageSize = state.State.Config.Limits.Streamed.MaxMessageSize,
        };
        var session = new NetTcpServerSession(
            connection.Transport,
            via => Resolve(endpoint, via),
            limits,
            _sessionLogger,
            _timeProvider,
            _gate.TryAcquire,
            _gate.Release,
            endpoint.Tls is { } tls ? tls.Upgrade : null);
        // Kestrel asks every connection to close when the host stops gracefully: the session then answers what is in
        // flight and ends with End; the connection being aborted (drain timeout) still cuts it short.
        var draining = connection.Features.Get<IConnectionLifetimeNotificationFeature>()?.ConnectionClosedRequested ?? CancellationToken.None;
        return session.RunAsync(connection.ConnectionClosed, draining);
    }

    private INetTcpEndpoint? Resolve(ListenerEndpoint endpoint, Uri via)
    {
        if (endpoint.Find(Uri.UnescapeDataString(via.AbsolutePath)) is not { } listener)
        {
            return null;
        }

        lock (_endpointsGate)
        {
            if (listener.IsStreamed)
            {
                if (!_streamedEndpoints.TryGetValue(listener, out var streamed))
                {
                    streamed = new NetTcpStreamedEndpoint(
                        listener, _pipeline, _states, faults, outcomes, _timeProvider, _loggerFactory.CreateLogger<NetTcpStreamedEndpoint>());
                    _streamedEndpoints.Add(listener, streamed);
                }

                return streamed;
            }

            if (!_endpoints.TryGetValue(listener, out var handler))
            {
                handler = new NetTcpListenerEndpoint(listener, _pipeline, _states, statistics, _loggerFactory.CreateLogger<NetTcpListenerEndpoint>());
                _endpoints.Add(listener, handler);
            }

            return handler.NewSession();
        }
    }
}
