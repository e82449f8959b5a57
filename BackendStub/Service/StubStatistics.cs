using System.Collections.Concurrent;
using System.Security.Cryptography;
using BackendStub.Compression;
using BackendStub.Hosting;
using SoapRouter.Wire.Compression;

namespace BackendStub.Service;

/// <summary>Thread-safe counters of the stub and, per endpoint, a ring of the last received bodies' fingerprints.</summary>
public sealed class StubStatistics
{
    /// <summary>How many body fingerprints are kept per endpoint.</summary>
    public const int RecentBodyCount = 16;

    // Actions are client input: past this many distinct ones, or past this length, they are counted together.
    private const int MaxDistinctActions = 64;
    private const int MaxActionLength = 1024;
    private const string OtherActions = "(other)";

    private readonly ConcurrentDictionary<string, long> _actions = new(StringComparer.Ordinal);
    private readonly Dictionary<string, Queue<BodyFingerprint>> _recent = new(StringComparer.Ordinal);
    private long _requests;
    private long _oneWay;
    private long _faultsInjected;
    private long _faultsReturned;
    private readonly ConcurrentDictionary<string, long> _compressedByCodec = new(StringComparer.Ordinal);
    private readonly IReadOnlyDictionary<string, CompressionLink> _links;
    private long _bombsRefused;
    private long _corruptRefused;
    private long _tlsHandshakes;
    private long _netTcpSessionsOpened;
    private long _netTcpSessionsActive;
    private readonly ConcurrentDictionary<string, long> _streamed = new(StringComparer.Ordinal);

    /// <summary>Creates empty statistics; <paramref name="links"/> (by endpoint name) are reported with them.</summary>
    public StubStatistics(IReadOnlyDictionary<string, CompressionLink>? links = null)
    {
        _links = links ?? new Dictionary<string, CompressionLink>();
        foreach (var endpoint in StubSoapEndpoints.All)
        {
            _recent[endpoint.Name] = new Queue<BodyFingerprint>(RecentBodyCount);
        }
    }

    /// <summary>Counts one accepted request body to <paramref name="endpoint"/> and remembers its fingerprint.</summary>
    public void BodyReceived(StubSoapEndpoint endpoint, ReadOnlySpan<byte> body, string? contentType)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        Interlocked.Increment(ref _requests);
        var fingerprint = new BodyFingerprint(Convert.ToHexStringLower(SHA256.HashData(body)), body.Length, contentType);
        var ring = _recent[endpoint.Name];
        lock (ring)
        {
            if (ring.Count == RecentBodyCount)
            {
                ring.Dequeue();
            }

            ring.Enqueue(fingerprint);
        }
    }

    /// <summary>
    /// Counts one net.tcp message. Its bytes are not fingerprinted: the session encoder's bytes depend on what the
    /// connection's dictionary already holds, so they say nothing about the message on their own.
    /// </summary>
    public void MessageReceived() => Interlocked.Increment(ref _requests);

    /// <summary>Counts a request to a streamed endpoint, as soon as it arrives (its body is read later, as the operation reads it).</summary>
    public void StreamedRequestStarted(StubSoapEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        Interlocked.Increment(ref _requests);
        _streamed.AddOrUpdate(endpoint.Name, 1, static (_, count) => count + 1);
    }

    /// <summary>Counts a request with <paramref name="action"/> (empty when it had none).</summary>
    public void ActionSeen(string action)
    {
        ArgumentNullException.ThrowIfNull(action);
        var key = action.Length <= MaxActionLength && (_actions.ContainsKey(action) || _actions.Count < MaxDistinctActions) ? action : OtherActions;
        _actions.AddOrUpdate(key, 1, static (_, count) => count + 1);
    }

    /// <summary>Counts an accepted one-way message.</summary>
    public void OneWayReceived() => Interlocked.Increment(ref _oneWay);

    /// <summary>Counts a fault answered; <paramref name="injected"/> when the fault injector chose it.</summary>
    public void FaultReturned(bool injected)
    {
        Interlocked.Increment(ref _faultsReturned);
        if (injected)
        {
            Interlocked.Increment(ref _faultsInjected);
        }
    }

    /// <summary>Counts a compressed request received in <paramref name="codec"/> (one of the registry's few names).</summary>
    public void CompressedRequestReceived(ICompressionCodec codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        _compressedByCodec.AddOrUpdate(codec.Name, 1, static (_, count) => count + 1);
    }

    /// <summary>Counts a compressed request refused for decoding past the cap.</summary>
    public void BombRefused() => Interlocked.Increment(ref _bombsRefused);

    /// <summary>Counts a compressed request refused as corrupt.</summary>
    public void CorruptRefused() => Interlocked.Increment(ref _corruptRefused);

    /// <summary>Counts a TLS connection established (an HTTPS connection or a net.tcp TLS upgrade).</summary>
    public void TlsHandshakeCompleted() => Interlocked.Increment(ref _tlsHandshakes);

    /// <summary>Counts a net.tcp session opened (after its Preamble Ack); pair with <see cref="NetTcpSessionClosed"/>.</summary>
    public void NetTcpSessionOpened()
    {
        Interlocked.Increment(ref _netTcpSessionsOpened);
        Interlocked.Increment(ref _netTcpSessionsActive);
    }

    /// <summary>Counts a net.tcp session over.</summary>
    public void NetTcpSessionClosed() => Interlocked.Decrement(ref _netTcpSessionsActive);

    /// <summary>A consistent-enough copy of the counters (each counter is read atomically).</summary>
    public StubStatsSnapshot Snapshot()
    {
        var recent = new Dictionary<string, IReadOnlyList<BodyFingerprint>>(StringComparer.Ordinal);
        foreach (var (name, ring) in _recent)
        {
            lock (ring)
            {
                recent[name] = ring.ToArray();
            }
        }

        return new StubStatsSnapshot(
            Interlocked.Read(ref _requests),
            new SortedDictionary<string, long>(_actions, StringComparer.Ordinal),
            Interlocked.Read(ref _oneWay),
            Interlocked.Read(ref _faultsInjected),
            Interlocked.Read(ref _faultsReturned),
            recent,
            CompressionSnapshot(),
            Interlocked.Read(ref _tlsHandshakes),
            Interlocked.Read(ref _netTcpSessionsOpened),
            Interlocked.Read(ref _netTcpSessionsActive),
            new SortedDictionary<string, long>(_streamed, StringComparer.Ordinal));
    }

    private StubCompressionSnapshot CompressionSnapshot()
    {
        var links = new SortedDictionary<string, CompressionStatisticsSnapshot>(StringComparer.Ordinal);
        foreach (var (name, link) in _links)
        {
            links[name] = link.GetStatistics();
        }

        return new StubCompressionSnapshot(
            new SortedDictionary<string, long>(_compressedByCodec, StringComparer.Ordinal),
            Interlocked.Read(ref _bombsRefused),
            Interlocked.Read(ref _corruptRefused),
            links);
    }
}
