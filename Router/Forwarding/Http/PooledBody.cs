namespace SoapRouter.Forwarding.Http;

/// <summary>A body read into a rented buffer (or not read, because it was too large).</summary>
/// <param name="Buffer">The rented buffer holding the body; empty (not rented) for an empty or refused body.</param>
/// <param name="Length">Bytes of <paramref name="Buffer"/> that hold the body.</param>
/// <param name="TooLarge">The body exceeded the limit; nothing is held.</param>
internal readonly record struct PooledBody(byte[] Buffer, int Length, bool TooLarge);
