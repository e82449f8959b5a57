namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// One message's place in its client session's order, taken when the session read it: a message waits for the one
/// before it to be done (<see cref="Previous"/>) before it is routed (while the session has no backend session yet)
/// or written to the session's backend session, and is done (<see cref="Release"/>) once it has been, so a client
/// session's messages reach its backend session in the order the client sent them.
/// </summary>
/// <param name="affinity">The client session's affinity to a backend session of its own.</param>
internal sealed class SessionTurn(SessionAffinity affinity, Task previous)
{
    private readonly TaskCompletionSource _done = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>The client session's affinity (bound by its first message on a route with affinity).</summary>
    public SessionAffinity Affinity => affinity;

    /// <summary>Completes when the message before this one is done.</summary>
    public Task Previous => previous;

    /// <summary>Completes when this message is done (for the message after it).</summary>
    public Task Done => _done.Task;

    /// <summary>The route the message took, set when it is one with affinity (what the client session binds to).</summary>
    public Routing.Route? Route { get; set; }

    /// <summary>
    /// <paramref name="turn"/> with its route noted when <paramref name="route"/> has affinity (its netTcp destinations
    /// get the client session's own backend session); otherwise null, and the turn is released: the session's next
    /// message need not wait for this one any longer.
    /// </summary>
    public static SessionTurn? OnRoute(SessionTurn? turn, Routing.Route route)
    {
        if (turn is null || !route.KeepsSessions)
        {
            turn?.Release();
            return null;
        }

        turn.Route = route;
        return turn;
    }

    /// <summary>This message is done: the next one may go on. Idempotent.</summary>
    public void Release() => _done.TrySetResult();
}
