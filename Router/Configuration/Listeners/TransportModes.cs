namespace SoapRouter.Configuration;

/// <summary>The values of listeners[].transportMode and destinations[].transportMode (WCF's TransferMode, in router.json's spelling).</summary>
public static class TransportModes
{
    /// <summary>The default: a message is read whole into a buffer under limits.maxMessageSize before it goes on.</summary>
    public const string Buffered = "buffered";

    /// <summary>
    /// HTTP only: the body passes through as it arrives (chunked), never held whole; routing reads the headers only, under
    /// limits.streamed.
    /// </summary>
    public const string Streamed = "streamed";

    /// <summary>Every value, for error messages.</summary>
    public static IReadOnlyList<string> All { get; } = [Buffered, Streamed];

    /// <summary>True when <paramref name="mode"/> (null: the default) is streamed.</summary>
    public static bool IsStreamed(string? mode) => string.Equals(mode, Streamed, StringComparison.Ordinal);
}
