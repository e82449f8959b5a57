namespace SoapRouter.Wire.Framing;

/// <summary>A streamed envelope grew past its size limit while it was read (an IOException: the read cannot go on).</summary>
public sealed class EnvelopeTooLargeException(long limit)
    : IOException($"The envelope is larger than the limit of {limit} bytes.")
{
    /// <summary>The limit it passed.</summary>
    public long Limit { get; } = limit;
}
