namespace SoapRouter.Wire.Compression;

/// <summary>What is wrong with one entry of a list of codecs to choose from (<see cref="CodecRegistry.Check"/>).</summary>
public enum CodecListProblem
{
    /// <summary>A name the registry does not know.</summary>
    Unknown,

    /// <summary>'none': identity is always allowed, never a codec to choose.</summary>
    None,

    /// <summary>A codec the list already named.</summary>
    Repeated,
}
