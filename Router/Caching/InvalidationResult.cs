namespace SoapRouter.Caching;

/// <summary>The answer to POST /cache/invalidate.</summary>
/// <param name="Route">The route named, or null for every route.</param>
/// <param name="Action">The action named, or null for every action.</param>
/// <param name="Dropped">Entries this replica's in-process cache dropped (Redis's copies are invalid from now on too).</param>
/// <param name="Replicas">"published": sent to the other replicas through Redis; "local": no Redis configured; "unreachable": Redis is down, the others keep theirs until their TTL.</param>
internal sealed record InvalidationResult(string? Route, string? Action, int Dropped, string Replicas);
