namespace LoadClient.Payloads;

/// <summary>
/// A cache workload's keys (--repeat-share, --keys): each request carries one of <see cref="Keys"/> fixed keys with
/// probability <see cref="RepeatShare"/>, else a key of its own that no other request carries, so a cache in front of
/// the target can hit at most that share. A key is a GUID; the hot ones are fixed for every run and process, so two
/// clients (one per router replica) repeat the same keys.
/// </summary>
/// <param name="RepeatShare">Share of requests that carry a hot key, 0..1.</param>
/// <param name="Keys">How many hot keys the repeated requests spread over evenly, at least 1.</param>
internal sealed record CacheKeyMix(double RepeatShare, int Keys)
{
    /// <summary>Local name of the SOAP header that carries the key (not mustUnderstand: a service that does not know it ignores it).</summary>
    public const string HeaderName = "CacheKey";

    /// <summary>Namespace of the key header; a router route names it in varyByHeaders as <c>{urn:soaprouter:loadclient}CacheKey</c>.</summary>
    public const string HeaderNamespace = "urn:soaprouter:loadclient";

    /// <summary>The key of the next request, drawn with <paramref name="random"/>.</summary>
    public Guid Next(Random random)
    {
        ArgumentNullException.ThrowIfNull(random);
        if (random.NextDouble() < RepeatShare)
        {
            return HotKey(random.Next(Keys));
        }

        // Not from the seeded source: two clients (one per router replica) draw the same seeds, and must not share these.
        return Guid.NewGuid();
    }

    /// <summary>Hot key number <paramref name="index"/>: 00000000-0000-0000-0000-0000{index as 8 hex digits}, never a random GUID (those have version 4).</summary>
    public static Guid HotKey(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        return new Guid(0, 0, 0, 0, 0, 0, 0, (byte)(index >> 24), (byte)(index >> 16), (byte)(index >> 8), (byte)index);
    }
}
