using SoapRouter.Configuration;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>
/// The per-client link estimates of every listener, in one table bounded by compression.linkEstimates.maxPeers: the
/// least recently seen client goes first when a new one comes, so a scan of many addresses costs a bounded amount of
/// memory (<see cref="BytesPerPeer"/> each) and pushes out only estimates nobody is using. A client idle for
/// compression.linkEstimates.idleTimeout is planned with its listener's estimate until it is measured again.
/// </summary>
/// <param name="time">The table's clock.</param>
/// <param name="config">The cap; the defaults when null.</param>
internal sealed class PeerLinkEstimates(TimeProvider time, LinkEstimatesConfig? config = null)
{
    /// <summary>
    /// Memory one entry holds: the estimate, its bandwidth estimator and lock, the recency-list node, the dictionary
    /// slot and the client's address (measured in PeerLinkEstimatesTests; a thumbprint string is shared with the
    /// certificate's cached identity).
    /// </summary>
    public const int BytesPerPeer = 544;

    private readonly Lock _lock = new();
    private readonly Dictionary<(CompressionLink Link, PeerKey Peer), LinkedListNode<PeerLinkEstimate>> _entries = [];
    private readonly LinkedList<PeerLinkEstimate> _recent = new();
    private readonly TimeProvider _time = time;
    private LinkEstimatesConfig _config = config ?? new LinkEstimatesConfig();
    private long _evicted;

    /// <summary>The clients remembered now.</summary>
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _entries.Count;
            }
        }
    }

    /// <summary>
    /// The estimate of <paramref name="peer"/> on <paramref name="link"/>, made (and the least recently seen client
    /// dropped, past the cap) if it is new; null when the cap is 0.
    /// </summary>
    public PeerLinkEstimate? Get(CompressionLink link, PeerKey peer)
    {
        lock (_lock)
        {
            if (_entries.TryGetValue((link, peer), out var node))
            {
                if (node != _recent.First)
                {
                    _recent.Remove(node);
                    _recent.AddFirst(node);
                }

                return node.Value;
            }

            if (_config.MaxPeers == 0)
            {
                return null;
            }

            TrimTo(_config.MaxPeers - 1);
            node = _recent.AddFirst(new PeerLinkEstimate(link, peer, _time.GetTimestamp()));
            _entries.Add((link, peer), node);
            return node.Value;
        }
    }

    /// <summary>The bandwidth to plan a reply to <paramref name="estimate"/>'s client with; null: use the listener's.</summary>
    public double? BytesPerSecond(PeerLinkEstimate? estimate) => estimate?.BytesPerSecond(_time, Volatile.Read(ref _config).IdleTimeout);

    /// <summary>Applies a new cap and idle timeout (a reload), dropping the least recently seen clients past the cap.</summary>
    public void Configure(LinkEstimatesConfig config)
    {
        lock (_lock)
        {
            Volatile.Write(ref _config, config);
            TrimTo(config.MaxPeers);
        }
    }

    /// <summary>Drops the estimates of links no longer in use (rebuilt or removed by a reload).</summary>
    public void Forget(Func<CompressionLink, bool> stale)
    {
        lock (_lock)
        {
            for (var node = _recent.First; node is not null;)
            {
                var next = node.Next;
                if (stale(node.Value.Link))
                {
                    _entries.Remove((node.Value.Link, node.Value.Peer));
                    _recent.Remove(node);
                }

                node = next;
            }
        }
    }

    /// <summary>The table's size and the <paramref name="recent"/> most recently seen clients' estimates, for /stats.</summary>
    public LinkEstimatesSnapshot Snapshot(Func<CompressionLink, string?> linkName, int recent = 16)
    {
        var peers = new List<PeerEstimateSnapshot>();
        lock (_lock)
        {
            var idle = _config.IdleTimeout;
            for (var node = _recent.First; node is not null && peers.Count < recent; node = node.Next)
            {
                var estimate = node.Value;
                var estimator = estimate.Estimator;
                peers.Add(new PeerEstimateSnapshot(
                    linkName(estimate.Link) ?? "",
                    estimate.Peer.ToString(),
                    estimate.BytesPerSecond(_time, idle),
                    estimator.IsDeliveryRate ? "deliveryRate" : estimator.IsEstimated ? "transfers" : "none",
                    estimator.Samples,
                    Math.Round(_time.GetElapsedTime(estimate.LastSample).TotalSeconds, 1)));
            }

            return new LinkEstimatesSnapshot(_entries.Count, _config.MaxPeers, (long)_entries.Count * BytesPerPeer, Interlocked.Read(ref _evicted), peers);
        }
    }

    private void TrimTo(int count)
    {
        while (_entries.Count > count && _recent.Last is { } oldest)
        {
            _entries.Remove((oldest.Value.Link, oldest.Value.Peer));
            _recent.RemoveLast();
            Interlocked.Increment(ref _evicted);
        }
    }
}
