namespace SoapRouter.Wire.Framing;

/// <summary>A decoded preamble: what the client asked for, not yet judged against an endpoint.</summary>
/// <param name="MajorVersion">The framing major version (1).</param>
/// <param name="MinorVersion">The framing minor version (WCF sends 0 and ignores it).</param>
/// <param name="Mode">The communication mode.</param>
/// <param name="Via">The URI the client addressed the connection to.</param>
/// <param name="KnownEncoding">The known encoding octet; null when an extensible encoding record was sent.</param>
/// <param name="ContentType">The extensible encoding's content type; null when a known encoding record was sent.</param>
/// <param name="UpgradeProtocol">The protocol of the Upgrade Request that ended decoding; null when Preamble End did.</param>
internal sealed record FramingPreamble(
    byte MajorVersion,
    byte MinorVersion,
    FramingMode Mode,
    Uri Via,
    KnownEncoding? KnownEncoding,
    string? ContentType,
    string? UpgradeProtocol);
