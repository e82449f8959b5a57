using SoapRouter.Pipeline;

namespace SoapRouter.Caching;

/// <summary>
/// One request's way to the backend, handed to the cache: on a miss the cache runs it (once for every caller that
/// asks for the key meanwhile) and keeps the reply when it may; on a hit it is never run. The pipeline subclasses it
/// with the message's forwarding; the cache keeps what it learns while running it here.
/// </summary>
internal abstract class CacheProduction
{
    private TaskCompletionSource? _answered;

    /// <summary>True once the cache started the backend call of this request (it is the producer, not a hit or a join).</summary>
    public bool Ran { get; set; }

    /// <summary>This request's own answer from its backend call, once made.</summary>
    public ClientAnswer? Answer { get; set; }

    /// <summary>The route's cache policy, set by the cache before it runs the call.</summary>
    public RouteCachePolicy? Policy { get; set; }

    /// <summary>The cached action, set by the cache.</summary>
    public CachedAction? Action { get; set; }

    /// <summary>True when the listener speaks msbin1 (the stored bytes are binary).</summary>
    public bool Binary { get; set; }

    /// <summary>
    /// Completes once this request's own backend call has an answer whose reply the cache keeps (already copied out of
    /// the answer's buffer): the client is answered then, while the store goes on. Never completes for a reply that is
    /// not stored (the cache's call ends with <see cref="ReplyNotStoredException"/> instead), nor for a hit or a join.
    /// </summary>
    public Task Answered => Signal().Task;

    /// <summary>
    /// Forwards the message and returns the client's answer, counted as any forwarded message is; null when the client went away.
    /// </summary>
    public abstract ValueTask<ClientAnswer?> ForwardAsync();

    /// <summary>Says the answer is ready for the client (see <see cref="Answered"/>); its continuation runs here, before the store.</summary>
    internal void SetAnswered() => Signal().TrySetResult();

    // Made by whichever side comes first (the cache awaiting it, or the call signalling it), so a hit allocates none.
    // Continuations run synchronously on purpose: the waiting request is answered on this thread before the store.
    private TaskCompletionSource Signal() =>
        Volatile.Read(ref _answered) ?? Interlocked.CompareExchange(ref _answered, new TaskCompletionSource(), null) ?? _answered!;
}
