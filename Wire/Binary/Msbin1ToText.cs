using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// Turns a session-free msbin1 SOAP envelope ([MC-NBFX] records, [MC-NBFS] static dictionary ids: what WCF's binary
/// message encoder writes) into UTF-8 XML text that WCF's text message encoder reads as exactly the message WCF's binary
/// encoder reads from the input. One pass over bytes: no XML reader, no strings, no allocation besides the rented
/// output. What it does not fully understand (or WCF's binary reader would refuse) is a
/// <see cref="SessionTranslation.Problem"/>, never a guess: the caller then takes WCF's own path.
/// </summary>
public static class Msbin1ToText
{
    /// <summary>
    /// Transcodes <paramref name="msbin1"/> (the whole envelope) into a buffer rented from <paramref name="buffers"/>,
    /// leaving <paramref name="reservedPrefix"/> bytes free in front; text longer than <paramref name="maxLength"/> is a
    /// problem. No XML declaration is written: WCF's text encoder writes none and reads UTF-8 without one.
    /// </summary>
    public static SessionTranslation Transcode(ReadOnlySpan<byte> msbin1, ArrayPoolBufferManager buffers, int reservedPrefix, int maxLength)
    {
        ArgumentNullException.ThrowIfNull(buffers);
        ArgumentOutOfRangeException.ThrowIfNegative(reservedPrefix);
        ArgumentOutOfRangeException.ThrowIfNegative(maxLength);

        // Text runs about as long as their records, names and typed values grow: half as much again covers WCF's
        // replies in one rental (the pool rounds up besides); arrays of numbers grow a few times over.
        var estimate = msbin1.Length + (msbin1.Length >> 1) + 256L;
        var output = new TranslationOutput(buffers, reservedPrefix, maxLength, estimate);
        return Msbin1TextWalk.Run(msbin1, output);
    }
}
