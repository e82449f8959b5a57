namespace BackendStub.Hosting;

/// <summary>
/// Decides which requests get a SOAP fault: every Nth request, and/or each request with a probability.
/// Thread-safe and deterministic: decision n depends only on n and the seed, never on timing.
/// </summary>
public sealed class FaultInjector
{
    private readonly double _faultRate;
    private readonly int _faultEvery;
    private readonly int _seed;
    private long _requests;

    /// <summary>Creates an injector; <paramref name="faultEvery"/> 0 and <paramref name="faultRate"/> 0 turn the two rules off.</summary>
    public FaultInjector(double faultRate, int faultEvery, int seed)
    {
        if (!(faultRate >= 0 && faultRate <= 1))
        {
            throw new ArgumentOutOfRangeException(nameof(faultRate), faultRate, "The fault rate must be from 0 to 1.");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(faultEvery);
        _faultRate = faultRate;
        _faultEvery = faultEvery;
        _seed = seed;
    }

    /// <summary>Creates the injector configured by <paramref name="options"/>.</summary>
    public static FaultInjector FromOptions(StubOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return new FaultInjector(options.FaultRate, options.FaultEvery, options.Seed);
    }

    /// <summary>Number of requests decided so far.</summary>
    public long RequestCount => Interlocked.Read(ref _requests);

    /// <summary>Counts one request and decides whether it faults.</summary>
    public FaultDecision Next()
    {
        var request = Interlocked.Increment(ref _requests);
        var fault = (_faultEvery > 0 && request % _faultEvery == 0)
            || (_faultRate > 0 && CounterHash.UnitInterval(_seed, request) < _faultRate);
        return new FaultDecision(request, fault);
    }
}
