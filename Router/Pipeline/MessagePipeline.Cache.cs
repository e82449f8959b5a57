using SoapRouter.Caching;
using SoapRouter.Forwarding;
using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// The message path's response cache step: a cached action's message is answered by the cache, and on a miss the cache
/// runs the message's own forwarding step (<see cref="CachedForward"/>), counted as any forwarded message.
/// </summary>
internal sealed partial class MessagePipeline
{
    /// <summary>
    /// The cache key of the message of <paramref name="context"/> when its route caches its action and the message may be
    /// answered from a stored reply (buffered, not MTOM, not one-way, a MessageID a stored reply can carry); null otherwise.
    /// </summary>
    private CacheLookup? CacheKey(MessageContext context)
    {
        if (_cache is null || context.Route!.Cache is not { } policy || context.Received is not { } received || policy.Find(received.Action) is not { } action)
        {
            return null;
        }

        var inbound = context.Inbound;
        var binding = context.Listener.Binding;
        if (inbound.Decoded is not null || binding.IsSession || binding.IsMtom
            || (received.HasAddressing && received.MessageId is null)
            || !CachedReplyWriter.CanCarry(received.MessageId, binding.IsBinary))
        {
            return null;
        }

        return CacheKeyBuilder.TryBuild(policy, action, binding.Name, received.Routable, inbound.ClientCertificate) is { } key
            ? new CacheLookup(key, policy, action)
            : null;
    }

    /// <summary>
    /// A cached action's request: answered by the response cache from a stored reply, from another caller's backend call
    /// under way, or by forwarding it (<paramref name="sender"/>) and storing the reply when it may be stored.
    /// </summary>
    private async ValueTask<PipelineResult> ServeCachedAsync(MessageContext context, CacheLookup lookup, MessageSender sender)
    {
        var production = new CachedForward(this, context, sender);
        var outcome = await _cache!.ServeAsync(lookup.Key, lookup.Policy, lookup.Action, production, context.MessageId).ConfigureAwait(false);
        context.Activity?.SetTag(SpanTags.CacheHit, outcome.Served);
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

        var inbound = context.Inbound;
        if (_logger.IsEnabled(LogLevel.Debug))
        {
            var elapsedMs = ElapsedMs(context.Started);
            PipelineLog.ServedFromCache(
                _logger, context.Listener.Name, context.Received!.Action, lookup.Policy.Route, outcome.Result, inbound.Length, answer.Length, elapsedMs);
        }

        // Nothing was forwarded for it: counted as a message answered, on neither path.
        return new PipelineResult(
            answer, new MessageOutcome { BytesIn = inbound.Length, BytesOut = answer.Length, Route = context.Route, RouteCounters = context.RouteCounters });
    }

    /// <summary>A cached action of a route and the message's key in the cache.</summary>
    private sealed record CacheLookup(string Key, RouteCachePolicy Policy, CachedAction Action);

    /// <summary>The message's own forwarding step, run by the cache on a miss (and for the callers that join it).</summary>
    private sealed class CachedForward : CacheProduction
    {
        private readonly MessagePipeline _pipeline;
        private readonly MessageContext _context;
        private readonly MessageSender _sender;

        public CachedForward(MessagePipeline pipeline, MessageContext context, MessageSender sender)
        {
            _pipeline = pipeline;
            _context = context;
            _sender = sender;
            Binary = context.Listener.Binding.IsBinary;
        }

        /// <summary>How this message's own forwarding ended, once the cache ran it.</summary>
        public MessageOutcome Outcome { get; private set; }

        public override async ValueTask<ClientAnswer?> ForwardAsync()
        {
            var result = await _pipeline.ForwardAsync(_context, _sender).ConfigureAwait(false);
            Outcome = result.Outcome;
            return result.Answer;
        }
    }
}
