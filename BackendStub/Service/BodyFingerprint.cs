namespace BackendStub.Service;

/// <summary>What the stub keeps of one received request body: enough to prove byte-for-byte arrival, not the bytes.</summary>
/// <param name="Sha256">SHA-256 of the body, lowercase hex.</param>
/// <param name="Length">Length of the body in bytes.</param>
/// <param name="ContentType">The request's Content-Type header, as received.</param>
public sealed record BodyFingerprint(string Sha256, int Length, string? ContentType);
