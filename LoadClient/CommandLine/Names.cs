namespace LoadClient.CommandLine;

/// <summary>The command-line spelling of enum values: the member name with a lower-case first letter (basicHttp, getOrders).</summary>
internal static class Names
{
    /// <summary>The command-line name of <paramref name="value"/>.</summary>
    public static string Of<T>(T value)
        where T : struct, Enum
    {
        var name = value.ToString();
        return char.ToLowerInvariant(name[0]) + name[1..];
    }
}
