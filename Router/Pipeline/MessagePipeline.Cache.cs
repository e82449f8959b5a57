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
    private async ValueTask<PipelineResult> ServeCachedAsync(string key, RouteCachePolicy policy, CachedAction action, CachedForward production)
    {
        var inbound = production.Inbound;
        var outcome = await _cache!.ServeAsync(key, policy, action, production, production.Received.MessageId).ConfigureAwait(false);
        inbound.Activity?.SetTag(SpanTags.CacheHit, outcome.Served);
        if (outcome.Answer is not { } answer)
        {
            return new PipelineResult(null, production.Outcome);
        }

        answer.CacheResult = outcome.Result;
        if (!outcome.Served)
        {
            // This message's own forwarding answered it, and made its outcome.
            return new PipelineResult(answer, production.Outcome);
        }

        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var elapsedMs = ElapsedMs(production.Started);
            PipelineLog.ServedFromCache(
                _logger, inbound.Listener.Name, production.Received.Action, policy.Route, outcome.Result, inbound.Length, answer.Length, elapsedMs);
        }

        // Nothing was forwarded for it: counted as a message answered, on neither path.
        return new PipelineResult(
            answer, new MessageOutcome { BytesIn = inbound.Length, BytesOut = answer.Length, Route = production.Route, RouteCounters = production.RouteCounters });
    }

    private sealed class CachedForward : CacheProduction
    {
        private readonly MessagePipeline _pipeline;
        private readonly PipelineState _state;
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
            Route = route;
            _cluster = cluster;
            _sender = sender;
            Inbound = inbound;
            RouteCounters = routeCounters;
            Received = received;
            Started = started;
            Binary = inbound.Listener.Binding.IsBinary;
        }

        public InboundMessage Inbound { get; }

        public Route Route { get; }

        public Telemetry.TrafficCounters RouteCounters { get; }

        public ReceivedMessage Received { get; }

        public long Started { get; }

        /// <summary>How this message's own forwarding ended, once the cache ran it.</summary>
        public MessageOutcome Outcome { get; private set; }

        public override async ValueTask<ClientAnswer?> ForwardAsync()
        {
            var result = await _pipeline.ForwardAsync(Inbound, _state, Route, RouteCounters, _cluster, _sender, Received, Started).ConfigureAwait(false);
            Outcome = result.Outcome;
            return result.Answer;
        }
    }
}
