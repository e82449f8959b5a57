using Samples.Contracts;

namespace LoadClient.Payloads;

/// <summary>
/// The WCF mode's echo payloads of drawn sizes: one payload of the largest size is generated once, and each call sends
/// the leading part of its text and bytes in proportion to the size drawn, so content (and so compressibility) stays
/// the profile's while the size varies call by call.
/// </summary>
internal sealed class EchoPayloadSlicer(EchoPayload largest, int largestSize, SeededSizes sizes)
{
    /// <summary>A payload of about the next drawn size.</summary>
    public EchoPayload Next() => Slice(largest, (double)sizes.Next() / largestSize);

    /// <summary>The leading <paramref name="fraction"/> of <paramref name="payload"/>'s text and bytes.</summary>
    public static EchoPayload Slice(EchoPayload payload, double fraction)
    {
        ArgumentNullException.ThrowIfNull(payload);
        fraction = Math.Clamp(fraction, 0, 1);
        return new EchoPayload
        {
            Text = payload.Text is { } text ? text[..(int)(text.Length * fraction)] : null,
            Blob = payload.Blob is { } blob ? blob[..(int)(blob.Length * fraction)] : null,
        };
    }
}
