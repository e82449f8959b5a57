using System.Globalization;
using System.Net;
using LoadClient.Envelopes;
using SoapRouter.Wire.Compression;

namespace LoadClient.Driving;

/// <summary>
/// The template's body as request content, with a fresh id (its wsa:MessageID, or a one-way order's id) spliced in while
/// writing: the body is written as three slices around the id, so no per-request copy of the envelope is made.
/// </summary>
internal sealed class TemplateContent : HttpContent
{
    private readonly SoapRequestTemplate _template;
    private readonly byte[]? _messageId;

    /// <summary>Content for one request of <paramref name="template"/>, with a new id when the template has a place for one.</summary>
    public TemplateContent(SoapRequestTemplate template)
    {
        ArgumentNullException.ThrowIfNull(template);
        _template = template;
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
        if (_template.IdSlot is not { } slot || _messageId is null)
        {
            await stream.WriteAsync(body, cancellationToken);
            return;
        }

        await stream.WriteAsync(body[..slot.Offset], cancellationToken);
        await stream.WriteAsync(_messageId, cancellationToken);
        await stream.WriteAsync(body[(slot.Offset + slot.Length)..], cancellationToken);
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override bool TryComputeLength(out long length)
    {
        length = _template.Body.Length;
        return true;
    }
}
