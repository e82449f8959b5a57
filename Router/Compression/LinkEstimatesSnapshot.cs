namespace SoapRouter.Compression;

/// <summary>The per-client link estimates at one moment (GET /stats <c>linkEstimates</c>).</summary>
/// <param name="Peers">Clients remembered.</param>
/// <param name="MaxPeers">compression.linkEstimates.maxPeers in force.</param>
/// <param name="Bytes">The memory they hold, at <see cref="PeerLinkEstimates.BytesPerPeer"/> each.</param>
/// <param name="Evicted">Clients dropped, least recently seen first, to stay under the cap.</param>
/// <param name="Recent">The most recently seen clients' estimates, most recent first.</param>
internal sealed record LinkEstimatesSnapshot(int Peers, int MaxPeers, long Bytes, long Evicted, IReadOnlyList<PeerEstimateSnapshot> Recent);
