using System.Globalization;
using System.Net;
using LoadClient.Envelopes;
using SoapRouter.Wire.Compression;

namespace LoadClient.Driving;

/// <summary>
/// The template's body as request content, with a fresh id (its wsa:MessageID, or a one-way order's id) and the request's
/// cache key (--repeat-share) spliced in while writing: the body is written as slices around them, so no per-request
/// copy of the envelope is made.
/// </summary>
internal sealed class TemplateContent : HttpContent
{
    private readonly SoapRequestTemplate _template;
    private readonly byte[]? _messageId;
    private readonly byte[]? _cacheKey;

    /// <summary>
    /// Content for one request of <paramref name="template"/>, with a new id when the template has a place for one, and
    /// <paramref name="cacheKey"/> in its cache key header (required exactly when the template has one).
    /// </summary>
    public TemplateContent(SoapRequestTemplate template, Guid? cacheKey = null)
    {
        ArgumentNullException.ThrowIfNull(template);
        _template = template;
        if ((template.CacheKey is not null) != (cacheKey is not null))
        {
            throw new ArgumentException("A cache key is given exactly when the template has a place for one.", nameof(cacheKey));
        }

        if (template.CacheKey is { } key)
        {
            _cacheKey = new byte[key.Length];
            key.Write(cacheKey!.Value, _cacheKey);
        }

        if (template.IdSlot is { } slot)
        {
            Id = Guid.NewGuid();
            _messageId = new byte[slot.Length];
            slot.Write(Id.Value, _messageId);
        }

        // Without validation the header is sent exactly as the template spells it.
        Headers.TryAddWithoutValidation("Content-Type", template.ContentType);
        if (template.ContentEncoding is { } codec)
        {
            // A template compressed once in the adaptive form (--compression always).
            Headers.TryAddWithoutValidation(CompressionHeaders.ContentEncoding, codec);
            Headers.TryAddWithoutValidation(CompressionHeaders.OriginalLength, template.PlainLength!.Value.ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <summary>The id this request carries; null when its template has no place for one.</summary>
    public Guid? Id { get; }

    /// <summary>Body length on the wire.</summary>
    public int Length => _template.Body.Length;

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var body = _template.Body.AsMemory();
        var first = (Slot: _template.IdSlot, Value: _messageId);
        var second = (Slot: _template.CacheKey, Value: _cacheKey);
        if (first.Slot is { } a && second.Slot is { } b && b.Offset < a.Offset)
        {
            (first, second) = (second, first);
        }

        var position = await SpliceAsync(stream, body, 0, first.Slot, first.Value, cancellationToken);
        position = await SpliceAsync(stream, body, position, second.Slot, second.Value, cancellationToken);
        await stream.WriteAsync(body[position..], cancellationToken);
    }

    // Writes the body from position up to the slot, then the slot's value; returns where the body goes on. No slot: nothing.
    private static async ValueTask<int> SpliceAsync(Stream stream, ReadOnlyMemory<byte> body, int position, MessageIdSlot? slot, byte[]? value, CancellationToken cancellationToken)
    {
        if (slot is not { } at || value is null)
        {
            return position;
        }

        await stream.WriteAsync(body[position..at.Offset], cancellationToken);
        await stream.WriteAsync(value, cancellationToken);
        return at.Offset + at.Length;
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override bool TryComputeLength(out long length)
    {
        length = _template.Body.Length;
        return true;
    }
}
