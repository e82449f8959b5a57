using SoapRouter.Fuzz.Generation;

namespace SoapRouter.Fuzz.Targets;

/// <summary>Judges what a net.tcp listener sent back: only the records a server sends, whole, in a sane order.</summary>
internal static class FramingAnswer
{
    /// <summary>The class of the bytes <paramref name="answer"/> (all the router sent before it closed).</summary>
    public static Answer Classify(ReadOnlySpan<byte> answer)
    {
        var (envelopes, fault, error) = Parse(answer);
        return error is not null ? new Answer(AnswerKind.WrongKind, error)
            : envelopes > 0 && !fault ? new Answer(AnswerKind.Reply, $"{envelopes} envelope(s)")
            : new Answer(AnswerKind.FramingFaultOrClose, fault ? "framing fault" : answer.Length == 0 ? "closed" : "closed after records");
    }

    /// <summary>
    /// True once <paramref name="answer"/> holds a whole Fault record: the router's last word on the connection (it
    /// then drains for a moment before it closes, by design, so waiting for the close would only measure that linger).
    /// </summary>
    public static bool HasFault(ReadOnlySpan<byte> answer) => Parse(answer) is { Fault: true, Error: null };

    private static (int Envelopes, bool Fault, string? Error) Parse(ReadOnlySpan<byte> answer)
    {
        var at = 0;
        var envelopes = 0;
        var fault = false;
        while (at < answer.Length)
        {
            var type = answer[at++];
            switch (type)
            {
                case 0x0A or 0x0B or 0x07:
                    break;
                case 0x06 or 0x08:
                    var sizeLength = SizePrefix.Read(answer[at..], out var size);
                    at += sizeLength;
                    if (sizeLength == 0 || at + size > answer.Length)
                    {
                        return (envelopes, fault, $"record 0x{type:X2} cut short");
                    }

                    at += size;
                    envelopes += type == 0x06 ? 1 : 0;
                    fault |= type == 0x08;
                    break;
                default:
                    return (envelopes, fault, $"octet 0x{type:X2} at {at - 1} is no server record");
            }
        }

        return (envelopes, fault, null);
    }
}
