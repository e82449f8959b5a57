namespace LoadClient.Envelopes;

/// <summary>The request every raw-mode worker sends: body bytes encoded once, and the HTTP headers that go with them.</summary>
/// <param name="Body">The encoded envelope, exactly as WCF's encoder wrote it.</param>
/// <param name="ContentType">The Content-Type header, exactly as sent: the encoder's content type.</param>
/// <param name="SoapActionHeader">The quoted SOAPAction header for basicHttp; null for the WS-Addressing bindings, whose action travels in wsa:Action.</param>
/// <param name="Action">The SOAP action URI.</param>
/// <param name="MessageId">Where the per-request wsa:MessageID goes; null when the message has none (basicHttp, one-way).</param>
/// <param name="OneWay">The operation has no reply: success is an empty 2xx (202 from WCF).</param>
/// <param name="ContentEncoding">A body compressed once in the adaptive form: the Content-Encoding token; else null.</param>
/// <param name="PlainLength">A compressed body (either form): the envelope's length before compression; else null.</param>
/// <param name="OrderId">Where a one-way SubmitOrder's per-request order id goes (36 characters in either encoding); else null.</param>
/// <param name="CacheKey">Where the per-request cache key (--repeat-share) goes, in its SOAP header (36 characters in either encoding); else null.</param>
internal sealed record SoapRequestTemplate(
    byte[] Body,
    string ContentType,
    string? SoapActionHeader,
    string Action,
    MessageIdSlot? MessageId,
    bool OneWay,
    string? ContentEncoding = null,
    int? PlainLength = null,
    MessageIdSlot? OrderId = null,
    MessageIdSlot? CacheKey = null)
{
    /// <summary>Where this template's per-request id goes (its MessageID, or a one-way order's id); null when it has none.</summary>
    public MessageIdSlot? IdSlot => MessageId ?? OrderId;

    /// <summary>True when <see cref="Body"/> is compressed.</summary>
    public bool IsCompressed => PlainLength is not null;
}
