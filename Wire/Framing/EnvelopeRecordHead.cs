namespace SoapRouter.Wire.Framing;

/// <summary>The head of one record of a duplex session after the preamble: its type and, for envelopes, the size.</summary>
/// <param name="Status">What the record is.</param>
/// <param name="HeadLength">Octets of the head (type and size; for End and Fault the whole record).</param>
/// <param name="PayloadSize">For SizedEnvelope and TooLarge, the payload's size; otherwise 0.</param>
/// <param name="Fault">For Fault, the peer's fault string; otherwise null.</param>
/// <param name="Problem">For Malformed, what was wrong (a fixed sentence, for the log); otherwise null.</param>
internal readonly record struct EnvelopeRecordHead(
    EnvelopeRecordStatus Status,
    int HeadLength,
    int PayloadSize,
    string? Fault,
    string? Problem)
{
    /// <summary>More bytes are needed.</summary>
    public static EnvelopeRecordHead NeedMoreData { get; } = new(EnvelopeRecordStatus.NeedMoreData, 0, 0, null, null);

    /// <summary>Not a record that may come here.</summary>
    public static EnvelopeRecordHead Malformed(string problem) => new(EnvelopeRecordStatus.Malformed, 0, 0, null, problem);
}
