namespace SoapRouter.Fuzz.Targets;

/// <summary>Judges what a net.tcp listener sent back: only the records a server sends, whole, in a sane order.</summary>
internal static class FramingAnswer
{
    /// <summary>The class of the bytes <paramref name="answer"/> (all the router sent before it closed).</summary>
    public static Answer Classify(byte[] answer)
    {
        var at = 0;
        var envelopes = 0;
        var fault = false;
        while (at < answer.Length)
        {
            switch (answer[at])
            {
                case 0x0A or 0x0B or 0x07:
                    at++;
                    break;
                case 0x06 or 0x08:
                    var type = answer[at];
                    at++;
                    var size = 0;
                    var shift = 0;
                    while (at < answer.Length && shift < 35)
                    {
                        var b = answer[at++];
                        size |= (b & 0x7F) << shift;
                        shift += 7;
                        if ((b & 0x80) == 0)
                        {
                            break;
                        }
                    }

                    if (size < 0 || at + size > answer.Length)
                    {
                        return new Answer(AnswerKind.WrongKind, $"record 0x{type:X2} cut short");
                    }

                    at += size;
                    envelopes += type == 0x06 ? 1 : 0;
                    fault |= type == 0x08;
                    break;
                default:
                    return new Answer(AnswerKind.WrongKind, $"octet 0x{answer[at]:X2} at {at} is no server record");
            }
        }

        return envelopes > 0 && !fault ? new Answer(AnswerKind.Reply, $"{envelopes} envelope(s)")
            : new Answer(AnswerKind.FramingFaultOrClose, fault ? "framing fault" : answer.Length == 0 ? "closed" : "closed after records");
    }
}
