using SoapRouter.Caching;
using Route = SoapRouter.Routing.Route;

namespace SoapRouter.Pipeline;

/// <summary>A cached action's message as the response cache runs it on a miss: its own forwarding, counted as any forwarded message.</summary>
internal sealed partial class MessagePipeline
{
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
