namespace SoapRouter.Configuration;

/// <summary>XML reader quotas (the XmlDictionaryReaderQuotas the router parses with).</summary>
public sealed record ReaderQuotasConfig
{
    /// <summary>Deepest element nesting. Default 64.</summary>
    public int MaxDepth { get; init; } = 64;

    /// <summary>Longest string content, in characters. Default 1 Mi.</summary>
    public int MaxStringContentLength { get; init; } = 1024 * 1024;

    /// <summary>Longest array, in elements. Default 1 Mi.</summary>
    public int MaxArrayLength { get; init; } = 1024 * 1024;

    /// <summary>Most bytes returned by one read. Default 64 Ki.</summary>
    public int MaxBytesPerRead { get; init; } = 64 * 1024;

    /// <summary>Most characters in the reader's name table. Default 64 Ki.</summary>
    public int MaxNameTableCharCount { get; init; } = 64 * 1024;
}
