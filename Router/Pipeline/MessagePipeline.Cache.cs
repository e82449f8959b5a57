using SoapRouter.Caching;
using SoapRouter.Telemetry;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Pipeline;

/// <summary>
/// The message path's response cache step: a cached action's message is answered by the cache, and on a miss the cache
/// runs the message's own forwarding (<see cref="CachedForward"/>), counted as any forwarded message.
/// </summary>
internal sealed partial class MessagePipeline
{
    /// <summary>
    /// A cached action's request: answered by the response cache from a stored reply, from another caller's backend call
    /// under way, or by forwarding it (<paramref name="production"/>) and storing the reply when it may be stored.
    /// </summary>
    private async ValueTask<ClientAnswer?> ServeCachedAsync(string key, RouteCachePolicy policy, CachedAction action, CachedForward production)
    {
        var inbound = production.Inbound;
        var outcome = await _cache!.ServeAsync(key, policy, action, production, production.Received.MessageId).ConfigureAwait(false);
        inbound.Activity?.SetTag(SpanTags.CacheHit, outcome.Served);
        if (outcome.Answer is not { } answer)
        {
            return null;
        }

        answer.CacheResult = outcome.Result;
        if (outcome.Served)
        {
            // Nothing was forwarded for it: counted as a message answered, on neither path.
            _statistics.RecordMessage(path: null, oneWay: false, inbound.Length, answer.Length);
            _statistics.Listener(inbound.Listener.Name).Record(inbound.Length, answer.Length);
            production.RouteCounters.Record(inbound.Length, answer.Length);
            if (_logger.IsEnabled(LogLevel.Debug))
            {
                var elapsedMs = ElapsedMs(production.Started);
                PipelineLog.ServedFromCache(
                    _logger, inbound.Listener.Name, production.Received.Action, policy.Route, outcome.Result, inbound.Length, answer.Length, elapsedMs);
            }
        }

        return answer;
    }

    private sealed class CachedForward : CacheProduction
    {
        private readonly MessagePipeline _pipeline;
        private readonly PipelineState _state;
        private readonly Route _route;
        private readonly LoadBalancing.ClusterState _cluster;
        private readonly MessageSender _sender;

        public CachedForward(
            MessagePipeline pipeline,
            InboundMessage inbound,
            PipelineState state,
            Route route,
            Telemetry.TrafficCounters routeCounters,
            LoadBalancing.ClusterState cluster,
            MessageSender sender,
            ReceivedMessage received,
            long started)
        {
            _pipeline = pipeline;
            _state = state;
            _route = route;
            _cluster = cluster;
            _sender = sender;
            Inbound = inbound;
            RouteCounters = routeCounters;
            Received = received;
            Started = started;
            Binary = inbound.Listener.Binding.IsBinary;
        }

        public InboundMessage Inbound { get; }

        public Telemetry.TrafficCounters RouteCounters { get; }

        public ReceivedMessage Received { get; }

        public long Started { get; }

        public override ValueTask<ClientAnswer?> ForwardAsync() =>
            _pipeline.ForwardAsync(Inbound, _state, _route, RouteCounters, _cluster, _sender, Received, Started);
    }
}
