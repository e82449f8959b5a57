using System.Xml;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// How large a message may be and the reader quotas its XML is read under. WCF's defaults (64 KB messages, 8 KB
/// strings) are far too small for a router; these come from router.json's limits (or the tool's options).
/// </summary>
public sealed record WireLimits
{
    /// <summary>Limits that let a 4 MiB message through with 1 MiB strings and arrays.</summary>
    public static WireLimits Default { get; } = new();

    /// <summary>The largest encoded message, in bytes.</summary>
    public int MaxMessageSize { get; init; } = 4 * 1024 * 1024;

    /// <summary>The deepest element nesting.</summary>
    public int MaxDepth { get; init; } = 64;

    /// <summary>The longest string content.</summary>
    public int MaxStringContentLength { get; init; } = 1024 * 1024;

    /// <summary>The longest array (base64 blobs are arrays).</summary>
    public int MaxArrayLength { get; init; } = 1024 * 1024;

    /// <summary>The most bytes returned by one read.</summary>
    public int MaxBytesPerRead { get; init; } = 64 * 1024;

    /// <summary>The most characters in the reader's name table.</summary>
    public int MaxNameTableCharCount { get; init; } = 64 * 1024;

    /// <summary>Limits for a tool that must accept whatever size it is given, with quotas no smaller than that size.</summary>
    public static WireLimits ForSize(int maxMessageSize) => new()
    {
        MaxMessageSize = maxMessageSize,
        MaxStringContentLength = Math.Max(maxMessageSize, 8192),
        MaxArrayLength = Math.Max(maxMessageSize, 8192),
    };

    /// <summary>The quotas as WCF takes them.</summary>
    public XmlDictionaryReaderQuotas ToReaderQuotas() => new()
    {
        MaxDepth = MaxDepth,
        MaxStringContentLength = MaxStringContentLength,
        MaxArrayLength = MaxArrayLength,
        MaxBytesPerRead = MaxBytesPerRead,
        MaxNameTableCharCount = MaxNameTableCharCount,
    };
}
