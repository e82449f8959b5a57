using System.Buffers;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// Decodes a duplex or singleton-unsized preamble ([MC-NMF] 2.2.6, 3.1.4.3-3.1.4.9): Version, Mode, Via, Known or Extensible Encoding,
/// then Preamble End (or an Upgrade Request, and after the upgrade Preamble End or another Upgrade Request). Stateless: it decodes from the start of the bytes every time, which is
/// cheap because every record is capped (the whole preamble is at most a few KB). Bad input is a value, never an
/// exception; refusals come back as early as the offending record is here, without waiting for the rest.
/// </summary>
internal static class PreambleDecoder
{
    /// <summary>The framing major version this side speaks.</summary>
    public const byte MajorVersion = 1;

    /// <summary>The longest Via accepted, in UTF-8 octets (WCF's default MaxViaSize).</summary>
    public const int MaxViaLength = 2048;

    /// <summary>The longest extensible content type or upgrade protocol name accepted (WCF's MaxContentTypeSize).</summary>
    public const int MaxContentTypeLength = 256;

    /// <summary>Decodes the preamble at the start of <paramref name="buffer"/>.</summary>
    public static PreambleDecodeResult Decode(ReadOnlySequence<byte> buffer)
    {
        var reader = new SequenceReader<byte>(buffer);

        if (!reader.TryRead(out var type))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        if (type != (byte)FramingRecordType.Version)
        {
            return PreambleDecodeResult.Malformed("The first record is not a Version record.");
        }

        if (!reader.TryRead(out var major) || !reader.TryRead(out var minor))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        // WCF checks the major version only; minor versions are reserved for additions old receivers may ignore.
        if (major != MajorVersion)
        {
            return PreambleDecodeResult.Refused(FramingFaults.UnsupportedVersion, "The framing major version is not 1.");
        }

        if (!reader.TryRead(out type))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        if (type != (byte)FramingRecordType.Mode)
        {
            return PreambleDecodeResult.Malformed("The record after Version is not a Mode record.");
        }

        if (!reader.TryRead(out var mode))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        // Duplex sessions (NetTcpBinding buffered) and singleton-unsized (NetTcpBinding streamed: one message a
        // connection, chunked); whether the Via's endpoint takes the mode is judged with the endpoint.
        if (mode is not ((byte)FramingMode.Duplex or (byte)FramingMode.SingletonUnsized))
        {
            return PreambleDecodeResult.Refused(FramingFaults.UnsupportedMode, "The mode is neither duplex nor singleton-unsized.");
        }

        if (!reader.TryRead(out type))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        if (type != (byte)FramingRecordType.Via)
        {
            return PreambleDecodeResult.Malformed("The record after Mode is not a Via record.");
        }

        if (ReadString(ref reader, MaxViaLength, FramingFaults.ViaTooLong, "Via", out var viaText) is { } viaProblem)
        {
            return viaProblem;
        }

        // On Unix Uri also takes "/path" as absolute (an implicit file URI); a Via must spell out its scheme.
        if (!Uri.TryCreate(viaText, UriKind.Absolute, out var via) || !viaText.StartsWith(via.Scheme + ":", StringComparison.OrdinalIgnoreCase))
        {
            return PreambleDecodeResult.Malformed("The Via is not an absolute URI.");
        }

        return DecodeEncoding(ref reader, (byte)major, (byte)minor, (FramingMode)mode, via);
    }

    /// <summary>
    /// Decodes what follows a completed stream upgrade ([MC-NMF] 3.1.4.8): Preamble End (Complete) or another Upgrade
    /// Request (UpgradeRequested), each with <paramref name="preamble"/>'s records; anything else is Malformed.
    /// </summary>
    public static PreambleDecodeResult DecodeAfterUpgrade(ReadOnlySequence<byte> buffer, FramingPreamble preamble)
    {
        ArgumentNullException.ThrowIfNull(preamble);
        var reader = new SequenceReader<byte>(buffer);
        return reader.TryRead(out var type)
            ? DecodeEnd(ref reader, type, preamble)
            : PreambleDecodeResult.NeedMoreData;
    }

    private static PreambleDecodeResult DecodeEncoding(ref SequenceReader<byte> reader, byte major, byte minor, FramingMode mode, Uri via)
    {
        if (!reader.TryRead(out var type))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        KnownEncoding? known = null;
        string? contentType = null;
        if (type == (byte)FramingRecordType.KnownEncoding)
        {
            if (!reader.TryRead(out var encoding))
            {
                return PreambleDecodeResult.NeedMoreData;
            }

            // Unknown octets (0x09 and up) are kept as they are: judging the encoding is the endpoint's business.
            known = (KnownEncoding)encoding;
        }
        else if (type == (byte)FramingRecordType.ExtensibleEncoding)
        {
            if (ReadString(ref reader, MaxContentTypeLength, FramingFaults.ContentTypeTooLong, "Extensible Encoding", out var text) is { } encodingProblem)
            {
                return encodingProblem;
            }

            contentType = text;
        }
        else
        {
            return PreambleDecodeResult.Malformed("The record after Via is not an encoding record.");
        }

        if (!reader.TryRead(out type))
        {
            return PreambleDecodeResult.NeedMoreData;
        }

        return DecodeEnd(ref reader, type, new FramingPreamble(major, minor, mode, via, known, contentType, null));
    }

    /// <summary>The record of <paramref name="type"/> that ends the preamble so far: Preamble End or an Upgrade Request.</summary>
    private static PreambleDecodeResult DecodeEnd(ref SequenceReader<byte> reader, byte type, FramingPreamble preamble)
    {
        if (type == (byte)FramingRecordType.PreambleEnd)
        {
            return new PreambleDecodeResult(PreambleDecodeStatus.Complete, reader.Position, preamble with { UpgradeProtocol = null }, null, null);
        }

        if (type != (byte)FramingRecordType.UpgradeRequest)
        {
            return PreambleDecodeResult.Malformed("The record after the encoding or an upgrade is neither Preamble End nor Upgrade Request.");
        }

        // No quota fault exists for upgrade names; an unacceptable upgrade is an invalid one.
        if (ReadString(ref reader, MaxContentTypeLength, FramingFaults.UpgradeInvalid, "Upgrade Request", out var upgrade) is { } upgradeProblem)
        {
            return upgradeProblem;
        }

        return new PreambleDecodeResult(PreambleDecodeStatus.UpgradeRequested, reader.Position, preamble with { UpgradeProtocol = upgrade }, null, null);
    }

    /// <summary>Reads a string record body; null when it was read, else the result to return (more data, refusal, malformed).</summary>
    private static PreambleDecodeResult? ReadString(ref SequenceReader<byte> reader, int maxLength, string tooLongFault, string record, out string text) =>
        FramingString.TryRead(ref reader, maxLength, out text) switch
        {
            FramingStringStatus.Done => null,
            FramingStringStatus.NeedMoreData => PreambleDecodeResult.NeedMoreData,
            FramingStringStatus.TooLong => PreambleDecodeResult.Refused(tooLongFault, $"The {record} record's text is longer than {maxLength} octets."),
            _ => PreambleDecodeResult.Malformed($"The {record} record's size or text is not valid."),
        };
}
