namespace BackendStub.Service;

/// <summary>What the stub answers one request with.</summary>
/// <param name="StatusCode">HTTP status.</param>
/// <param name="Body">The reply envelope; empty for 202 and plain HTTP errors.</param>
/// <param name="ContentType">Content type of <paramref name="Body"/>; null when there is none.</param>
internal sealed record StubReply(int StatusCode, byte[] Body, string? ContentType)
{
    /// <summary>The answer to an accepted one-way message: 202 with an empty body.</summary>
    public static readonly StubReply Accepted = new(202, [], null);
}
