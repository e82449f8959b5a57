namespace SoapRouter.Wire.Compression;

/// <summary>A compressed message that was refused; the message is safe to show a peer (it names no internals).</summary>
public abstract class DecompressionException : Exception
{
    /// <summary>Creates the exception with a message fit for a fault.</summary>
    protected DecompressionException(string message, Exception? innerException = null)
        : base(message, innerException)
    {
    }

    /// <summary>The codec's configuration name.</summary>
    public string Codec { get; init; } = "";
}
