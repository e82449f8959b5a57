namespace SoapRouter.Compression;

/// <summary>One client's link estimate at one moment.</summary>
/// <param name="Link">The listener's link ("listener:name").</param>
/// <param name="Peer">The client: "cert:" and its certificate's SHA-256 thumbprint, or its address.</param>
/// <param name="BytesPerSecond">What replies to it are planned with; null: the listener's estimate (not measured yet, or idle).</param>
/// <param name="Source">deliveryRate (the kernel's TCP_INFO), transfers (request bodies timed by the router) or none.</param>
/// <param name="Samples">Measurements taken.</param>
/// <param name="IdleSeconds">Since the last one.</param>
internal sealed record PeerEstimateSnapshot(string Link, string Peer, double? BytesPerSecond, string Source, long Samples, double IdleSeconds);
