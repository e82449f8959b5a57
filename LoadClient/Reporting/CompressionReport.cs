using LoadClient.CommandLine;
using LoadClient.Driving;
using SoapRouter.Wire.Compression;

namespace LoadClient.Reporting;

/// <summary>--compression in the report: what was compressed on the way out and what came back compressed.</summary>
internal sealed record CompressionReport
{
    /// <summary>none, wcf, always or adaptive.</summary>
    public required string Mode { get; init; }

    /// <summary>The codecs requests could use and replies were asked in (wcf: gzip, deflate); null for none.</summary>
    public required IReadOnlyList<string>? Codecs { get; init; }

    /// <summary>The Accept-Encoding every request carried; null when none was sent.</summary>
    public required string? AcceptEncoding { get; init; }

    /// <summary>Measured requests that got a reply and went compressed.</summary>
    public required long? RequestsCompressed { get; init; }

    /// <summary>Request body bytes on the wire (the report's bytesSent).</summary>
    public required long? RequestBytesOnWire { get; init; }

    /// <summary>The same requests' body bytes before compression.</summary>
    public required long? RequestBytesBeforeCompression { get; init; }

    /// <summary>On the wire / before compression (1 when nothing was compressed).</summary>
    public required double? RequestRatio { get; init; }

    /// <summary>Replies by the codec they came in: "none" for plain, then the codec names.</summary>
    public required IReadOnlyDictionary<string, long>? RepliesByCodec { get; init; }

    /// <summary>Reply body bytes on the wire (the report's bytesReceived).</summary>
    public required long? ReplyBytesOnWire { get; init; }

    /// <summary>Reply body bytes once decoded.</summary>
    public required long? ReplyBytesDecoded { get; init; }

    /// <summary>On the wire / decoded.</summary>
    public required double? ReplyRatio { get; init; }

    /// <summary>Replies that decoded past --max-decompressed-size (counted in errors too).</summary>
    public required long? Bombs { get; init; }

    /// <summary>Replies that did not decode or came in an unreadable encoding (counted in errors too).</summary>
    public required long? CorruptReplies { get; init; }

    /// <summary>
    /// Raw mode: the client link's own statistics over the whole run, warm-up included (requests compressed and skipped
    /// by reason, ratio per action and size bucket, bandwidth estimate, CPU state); null otherwise.
    /// </summary>
    public CompressionStatisticsSnapshot? Link { get; init; }

    /// <summary>The raw mode's compression report of <paramref name="stats"/>, or the wcf mode's (its bytes not seen: null).</summary>
    public static CompressionReport From(LoadOptions options, WorkerStats stats, bool raw)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(stats);
        var mode = options.Compression;
        IReadOnlyList<string>? codecs = mode switch
        {
            LoadCompressionMode.None => null,
            LoadCompressionMode.Wcf => [CompressionCodecNames.GZip, CompressionCodecNames.Deflate],
            _ => options.CompressionCodecs ?? CompressionOptions.Default.Codecs,
        };
        var seen = raw && mode != LoadCompressionMode.None;
        Dictionary<string, long>? byCodec = null;
        if (seen)
        {
            byCodec = [];
            foreach (var id in Enum.GetValues<CodecId>())
            {
                var count = stats.RepliesByCodec[(int)id];
                if (count > 0 || id == CodecId.None)
                {
                    byCodec[CodecRegistry.Default[id].Name] = count;
                }
            }
        }

        return new CompressionReport
        {
            Mode = Names.Of(mode),
            Codecs = codecs,
            AcceptEncoding = codecs is null ? null : mode == LoadCompressionMode.Wcf ? Compression.ClientCompression.WcfAcceptEncoding : AcceptEncodingOf(codecs),
            RequestsCompressed = seen ? stats.RequestsCompressed : null,
            RequestBytesOnWire = seen ? stats.BytesSent : null,
            RequestBytesBeforeCompression = seen ? stats.BytesSentBeforeCompression : null,
            RequestRatio = seen ? Ratio(stats.BytesSent, stats.BytesSentBeforeCompression) : null,
            RepliesByCodec = byCodec,
            ReplyBytesOnWire = seen ? stats.BytesReceived : null,
            ReplyBytesDecoded = seen ? stats.ReplyBytesDecoded : null,
            ReplyRatio = seen ? Ratio(stats.BytesReceived, stats.ReplyBytesDecoded) : null,
            Bombs = seen ? stats.Outcomes[(int)RequestOutcome.CompressionBomb] : null,
            CorruptReplies = seen ? stats.Outcomes[(int)RequestOutcome.CorruptReply] : null,
        };
    }

    // As CompressionLink builds it for the link's codecs.
    private static string AcceptEncodingOf(IReadOnlyList<string> codecs)
    {
        var known = new List<ICompressionCodec>();
        foreach (var name in codecs)
        {
            if (CodecRegistry.Default.TryGetByName(name, out var codec))
            {
                known.Add(codec);
            }
        }

        return CompressionHeaders.FormatAcceptEncoding(known);
    }

    private static double Ratio(long wire, long plain) => plain > 0 ? (double)wire / plain : 1;
}
