namespace SoapRouter.Metadata;

/// <summary>One metadata document fetched from a service, or why there is none (a few words, no host names).</summary>
/// <param name="Document">The document's bytes; null when it could not be fetched.</param>
/// <param name="Problem">Why there is no document; null when there is one.</param>
internal readonly record struct MetadataFetch(byte[]? Document, string? Problem)
{
    /// <summary>A fetched document.</summary>
    public static MetadataFetch Of(byte[] document) => new(document, null);

    /// <summary>A fetch that failed for <paramref name="problem"/>.</summary>
    public static MetadataFetch Failed(string problem) => new(null, problem);
}
