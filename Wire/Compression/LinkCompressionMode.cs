namespace SoapRouter.Wire.Compression;

/// <summary>How a link decides to compress what it sends.</summary>
public enum LinkCompressionMode
{
    /// <summary>Never compress what this link sends (compressed input is still read, and advertised).</summary>
    None,

    /// <summary>Compress every message from the size limit up with the first allowed codec the peer accepts (static compression).</summary>
    Always,

    /// <summary>The adaptive policy: size, CPU, ratio per action and size, and what pays on this link.</summary>
    Adaptive,
}
