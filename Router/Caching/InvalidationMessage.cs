namespace SoapRouter.Caching;

/// <summary>What one replica tells the others on the Redis channel when entries are invalidated.</summary>
/// <param name="Origin">The sending process's id (it ignores its own message).</param>
/// <param name="Route">The route whose entries go; null: every route.</param>
/// <param name="Action">The action whose entries go; null: every action.</param>
internal sealed record InvalidationMessage(string Origin, string? Route, string? Action);
