using SoapRouter.Configuration;
using SoapRouter.Health;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.LoadBalancing;

/// <summary>
/// A destination's configuration with its live counters. One instance lives as long as the destination is
/// configured the same way, so counters survive config reloads that leave it unchanged.
/// </summary>
internal sealed class DestinationState
{
    private int _inFlight;
    private int _consecutiveFailures;
    private long _totalRequests;
    private long _failures;

    /// <summary>Creates the state for <paramref name="config"/> with zeroed counters.</summary>
    public DestinationState(DestinationConfig config)
    {
        Config = config;
        Binding = WireBindings.Find(config.Binding, config.Encoding, config.Addressing)
            ?? throw new ArgumentException($"Unknown binding '{config.Binding}' ({config.Encoding}, {config.Addressing}).", nameof(config));
        StreamedMessageBinding = Binding == WireBindings.NetTcp && config.IsStreamed
            ? WireBindings.Find(WireBindingNames.BinaryHttp, WireEncodingNames.Binary, config.Addressing) ?? Binding
            : Binding;
        Address = new Uri(config.Address, UriKind.Absolute);
        MetadataAddress = config.MetadataAddress is { } metadata ? new Uri(metadata, UriKind.Absolute) : Binding.IsHttp ? Address : null;
    }

    /// <summary>The configuration this state was built from.</summary>
    public DestinationConfig Config { get; }

    /// <summary>The wire binding the destination speaks.</summary>
    public WireBinding Binding { get; }

    /// <summary>
    /// The binding of the streamed messages it takes: <see cref="Binding"/>, except for a streamed netTcp destination, whose
    /// messages are msbin1 without a session dictionary (the singleton-unsized mode has no session), SOAP 1.2 with its
    /// addressing: binaryHttp's, as a streamed netTcp listener's are.
    /// </summary>
    public WireBinding StreamedMessageBinding { get; }

    /// <summary>The destination's address: where requests go and what its To must say.</summary>
    public Uri Address { get; }

    /// <summary>Where the service's metadata is (its WSDL at ?wsdl): metadataAddress, else an HTTP destination's own address; null for none.</summary>
    public Uri? MetadataAddress { get; }

    /// <summary>True when the metadata is fetched from the destination's own address (its TLS settings and connection pool apply).</summary>
    public bool MetadataAtAddress => Config.MetadataAddress is null && MetadataAddress is not null;

    /// <summary>
    /// Passive and active health. Set by <see cref="ClusterStateBuilder"/> (a new object when the cluster's outlier
    /// settings change); a state built outside a cluster is always available.
    /// </summary>
    public DestinationHealth? Health { get; internal set; }

    /// <summary>True when the destination may be chosen (not ejected, not failing its probes).</summary>
    public bool IsAvailable => Health?.IsAvailable ?? true;

    /// <summary>The destination's unique name.</summary>
    public string Name => Config.Name;

    /// <summary>Why the last TLS handshake with this destination failed (its certificate, say), for the failure log; null until one has.</summary>
    public string? TlsProblem { get; set; }

    /// <summary>Requests sent to this destination that have not finished yet.</summary>
    public int InFlight => Volatile.Read(ref _inFlight);

    /// <summary>Requests ever started on this destination.</summary>
    public long TotalRequests => Interlocked.Read(ref _totalRequests);

    /// <summary>Requests that ended with a transport or timeout failure (a backend's SOAP fault is not one).</summary>
    public long Failures => Interlocked.Read(ref _failures);

    /// <summary>Failures since the last success; health reporting reads it to spot a dead destination.</summary>
    public int ConsecutiveFailures => Volatile.Read(ref _consecutiveFailures);

    /// <summary>
    /// True when <paramref name="config"/> describes the same endpoint (name, address, binding, encoding, addressing, TLS, metadata address), so this state
    /// and its counters can be kept across a reload.
    /// </summary>
    public bool Matches(DestinationConfig config) =>
        string.Equals(Config.Name, config.Name, StringComparison.Ordinal)
        && string.Equals(Config.Address, config.Address, StringComparison.Ordinal)
        && string.Equals(Config.Binding, config.Binding, StringComparison.Ordinal)
        && string.Equals(Config.Encoding, config.Encoding, StringComparison.Ordinal)
        && string.Equals(Config.Addressing, config.Addressing, StringComparison.Ordinal)
        && Config.Tls == config.Tls
        && string.Equals(Config.MetadataAddress, config.MetadataAddress, StringComparison.Ordinal);

    /// <summary>Counts a request as started; pair every call with <see cref="EndRequest"/> in a finally block.</summary>
    public void BeginRequest()
    {
        Interlocked.Increment(ref _inFlight);
        Interlocked.Increment(ref _totalRequests);
    }

    /// <summary>Counts a request as finished, successfully (the destination answered) or not.</summary>
    public void EndRequest(bool failed)
    {
        Interlocked.Decrement(ref _inFlight);
        if (failed)
        {
            Interlocked.Increment(ref _failures);
            Interlocked.Increment(ref _consecutiveFailures);
        }
        else if (Volatile.Read(ref _consecutiveFailures) != 0)
        {
            // Read first so a healthy destination does not write a shared cache line on every request.
            Volatile.Write(ref _consecutiveFailures, 0);
        }
    }

    /// <inheritdoc />
    public override string ToString() => Name;
}
