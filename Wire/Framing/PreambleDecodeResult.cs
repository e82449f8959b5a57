using System.Buffers;

namespace SoapRouter.Wire.Framing;

/// <summary>The outcome of decoding the bytes at the start of a session.</summary>
/// <param name="Status">What the bytes are.</param>
/// <param name="Consumed">Where the preamble (through Preamble End or the Upgrade Request) ends; meaningful for Complete and UpgradeRequested.</param>
/// <param name="Preamble">The decoded preamble for Complete and UpgradeRequested; otherwise null.</param>
/// <param name="Fault">The fault to answer with: for Refused always, for Malformed <see cref="FramingFaults.InvalidRecordSequence"/>.</param>
/// <param name="Problem">What was wrong, for the log (a fixed sentence, never the client's bytes); null when nothing was.</param>
internal readonly record struct PreambleDecodeResult(
    PreambleDecodeStatus Status,
    SequencePosition Consumed,
    FramingPreamble? Preamble,
    string? Fault,
    string? Problem)
{
    /// <summary>More bytes are needed.</summary>
    public static PreambleDecodeResult NeedMoreData { get; } = new(PreambleDecodeStatus.NeedMoreData, default, null, null, null);

    /// <summary>Well formed but refused with <paramref name="fault"/>.</summary>
    public static PreambleDecodeResult Refused(string fault, string problem) =>
        new(PreambleDecodeStatus.Refused, default, null, fault, problem);

    /// <summary>Not a preamble.</summary>
    public static PreambleDecodeResult Malformed(string problem) =>
        new(PreambleDecodeStatus.Malformed, default, null, FramingFaults.InvalidRecordSequence, problem);
}
