namespace LoadClient.Envelopes;

/// <summary>The request every worker sends: body bytes built once, and the HTTP headers that go with them.</summary>
/// <param name="Body">The encoded envelope.</param>
/// <param name="ContentType">The Content-Type header, exactly as sent.</param>
/// <param name="SoapActionHeader">The SOAPAction header (quoted) for SOAP 1.1; null for SOAP 1.2, whose action travels in the message.</param>
/// <param name="Action">The SOAP action URI.</param>
/// <param name="MessageId">Where the per-request wsa:MessageID goes; null when the message has none (basicHttp, one-way).</param>
/// <param name="OneWay">The operation has no reply: success is an empty 2xx (202 from WCF).</param>
internal sealed record SoapRequestTemplate(
    byte[] Body,
    string ContentType,
    string? SoapActionHeader,
    string Action,
    MessageIdSlot? MessageId,
    bool OneWay);
