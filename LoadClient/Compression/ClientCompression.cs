using LoadClient.CommandLine;
using LoadClient.Driving;
using LoadClient.Envelopes;
using SoapRouter.Wire.Compression;

namespace LoadClient.Compression;

/// <summary>
/// The raw mode's compression (--compression wcf, always, adaptive): one <see cref="CompressionLink"/> for the hop to
/// the target, which compresses requests (always, adaptive) and decodes replies (every mode), and the headers the
/// requests carry. Built once per run; null for --compression none, so that mode's hot path is today's.
/// </summary>
internal sealed class ClientCompression
{
    /// <summary>What a stock WCF client with CompressionFormat.GZip advertises.</summary>
    public const string WcfAcceptEncoding = "gzip, deflate";

    private ClientCompression(LoadCompressionMode mode, CompressionLink link, string acceptEncoding, int maxDecompressedSize, bool learnsBandwidth)
    {
        Mode = mode;
        Link = link;
        AcceptEncoding = acceptEncoding;
        MaxDecompressedSize = maxDecompressedSize;
        LearnsBandwidth = learnsBandwidth;
    }

    /// <summary>--compression.</summary>
    public LoadCompressionMode Mode { get; }

    /// <summary>The hop's link: its policy compresses requests, its codecs decode replies, its statistics are reported.</summary>
    public CompressionLink Link { get; }

    /// <summary>The Accept-Encoding value every request carries.</summary>
    public string AcceptEncoding { get; }

    /// <summary>--max-decompressed-size.</summary>
    public int MaxDecompressedSize { get; }

    /// <summary>
/// Adaptive without --bandwidth: replies are timed from their first byte to their last to teach the link's bandwidth
/// estimate (a send's time says when the socket buffer took the bytes, not when they crossed the link).
/// </summary>
    public bool LearnsBandwidth { get; }

    /// <summary>Each request is compressed as it is sent (adaptive: the policy's answer can change from one to the next).</summary>
    public bool CompressesPerRequest => Mode == LoadCompressionMode.Adaptive;

    /// <summary>The compression <paramref name="options"/> ask for; null for none.</summary>
    public static ClientCompression? For(LoadOptions options, TimeProvider? time = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        switch (options.Compression)
        {
            case LoadCompressionMode.None:
                return null;
            case LoadCompressionMode.Wcf:
                // Never compresses through the policy (requests are gzipped once, as WCF does); reads gzip and deflate replies.
                var wcf = new CompressionOptions { Mode = LinkCompressionMode.None, Codecs = [CompressionCodecNames.GZip, CompressionCodecNames.Deflate] };
                return new ClientCompression(options.Compression, new CompressionLink(wcf, time: time), WcfAcceptEncoding, options.MaxDecompressedSize, learnsBandwidth: false);
            default:
                var adaptive = new CompressionOptions
                {
                    Mode = options.Compression == LoadCompressionMode.Always ? LinkCompressionMode.Always : LinkCompressionMode.Adaptive,
                    Codecs = options.CompressionCodecs ?? CompressionOptions.Default.Codecs,
                    BandwidthBytesPerSecond = options.Bandwidth,
                };
                var link = new CompressionLink(adaptive, time: time);
                return new ClientCompression(options.Compression, link, link.AcceptEncodingHeader, options.MaxDecompressedSize,
                    learnsBandwidth: options.Compression == LoadCompressionMode.Adaptive && options.Bandwidth is null);
        }
    }

    /// <summary>
    /// The templates as sent: wcf and always compress each one once here (with one fresh wsa:MessageID spliced in, which
    /// every request of that template then shares); adaptive and templates the policy leaves plain are unchanged.
    /// </summary>
    public RequestTemplateSet Prepare(RequestTemplateSet templates)
    {
        ArgumentNullException.ThrowIfNull(templates);
        if (CompressesPerRequest)
        {
            return templates;
        }

        var prepared = new SoapRequestTemplate[templates.Templates.Count];
        for (var i = 0; i < prepared.Length; i++)
        {
            prepared[i] = CompressOnce(templates.Templates[i]);
        }

        return new RequestTemplateSet(prepared);
    }

    /// <summary>
    /// Adaptive: writes <paramref name="template"/> with <paramref name="messageId"/> into <paramref name="plain"/> and
    /// compresses it into <paramref name="compressed"/> when the policy says so.
    /// </summary>
    public bool TryCompressRequest(SoapRequestTemplate template, PooledBufferWriter plain, PooledBufferWriter compressed, out CompressionOutcome outcome)
    {
        ArgumentNullException.ThrowIfNull(template);
        ArgumentNullException.ThrowIfNull(plain);
        ArgumentNullException.ThrowIfNull(compressed);
        plain.Reset();
        compressed.Reset();
        WritePlain(template, Guid.NewGuid(), plain);
        return Link.TryCompress(plain.WrittenSpan, template.Action, Link.Accepts, compressed, out outcome);
    }

    /// <summary>
    /// Decodes a reply <paramref name="body"/> marked by <paramref name="contentType"/> (WCF's +gzip) or
    /// <paramref name="contentEncoding"/> into <paramref name="decoded"/>, never past --max-decompressed-size.
    /// </summary>
    public DecodedReply DecodeReply(ReadOnlyMemory<byte> body, string? contentType, string? contentEncoding, string? originalLength, PooledBufferWriter decoded)
    {
        ArgumentNullException.ThrowIfNull(decoded);
        if (HttpBodyEncoding.Parse(contentType, contentEncoding, Link.Registry) is not { } encoding)
        {
            return new DecodedReply(CodecId.None, body.Length, contentType, RequestOutcome.CorruptReply, $"UnreadableEncoding({contentEncoding})");
        }

        if (!encoding.IsCompressed)
        {
            return new DecodedReply(CodecId.None, body.Length, contentType);
        }

        decoded.Reset();
        var result = CompressedBodyDecoder.Decode(Link, encoding.Codec, body, originalLength, MaxDecompressedSize, decoded);
        return result.Status switch
        {
            BodyDecodeStatus.Decoded => new DecodedReply(encoding.Codec.Id, result.Length, encoding.PlainContentType),
            BodyDecodeStatus.Bomb => new DecodedReply(encoding.Codec.Id, 0, encoding.PlainContentType, RequestOutcome.CompressionBomb, nameof(CompressionBombException)),
            BodyDecodeStatus.BadLength => new DecodedReply(encoding.Codec.Id, 0, encoding.PlainContentType, RequestOutcome.CorruptReply, nameof(CompressionHeaders.OriginalLength)),
            _ => new DecodedReply(encoding.Codec.Id, 0, encoding.PlainContentType, RequestOutcome.CorruptReply, nameof(CorruptCompressedDataException)),
        };
    }

    private SoapRequestTemplate CompressOnce(SoapRequestTemplate template)
    {
        using var plain = new PooledBufferWriter(template.Body.Length);
        WritePlain(template, Guid.NewGuid(), plain);
        using var compressed = new PooledBufferWriter();
        if (Mode == LoadCompressionMode.Wcf)
        {
            // WCF compresses every message whatever its size, and says so in the media type only.
            var gzip = Link.Registry[CodecId.GZip];
            gzip.Compress(plain.WrittenSpan, compressed, CodecLevel.Normal);
            return template with
            {
                Body = compressed.ToArray(),
                ContentType = HttpBodyEncoding.WcfContentType(template.ContentType, gzip),
                MessageId = null,
                OrderId = null,
                PlainLength = plain.WrittenCount,
            };
        }

        // The target's codecs are not known before it answers: a peer of the adaptive form reads what this link reads.
        if (!Link.TryCompress(plain.WrittenSpan, template.Action, Link.Accepts, compressed, out var outcome))
        {
            return template;
        }

        return template with
        {
            Body = compressed.ToArray(),
            MessageId = null,
            OrderId = null,
            ContentEncoding = outcome.Codec!.HttpToken,
            PlainLength = outcome.OriginalLength,
        };
    }

    private static void WritePlain(SoapRequestTemplate template, Guid id, PooledBufferWriter output)
    {
        var body = template.Body.AsSpan();
        if (template.IdSlot is not { } slot)
        {
            body.CopyTo(output.GetSpan(body.Length));
            output.Advance(body.Length);
            return;
        }

        var span = output.GetSpan(body.Length);
        body.CopyTo(span);
        slot.Write(id, span.Slice(slot.Offset, slot.Length));
        output.Advance(body.Length);
    }
}
