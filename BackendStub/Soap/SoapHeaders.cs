namespace BackendStub.Soap;

/// <summary>
/// The addressing headers of one message. On basicHttp only <see cref="Action"/> is used (it travels in the
/// SOAPAction HTTP header, not in the envelope).
/// </summary>
/// <param name="Action">wsa:Action (or the SOAPAction header on basicHttp).</param>
/// <param name="MessageId">wsa:MessageID of a request.</param>
/// <param name="RelatesTo">wsa:RelatesTo of a reply: the request's MessageID.</param>
/// <param name="To">wsa:To: the address the message is for.</param>
/// <param name="ReplyToAnonymous">Writes wsa:ReplyTo with the anonymous address, as a WCF client does on requests.</param>
public sealed record SoapHeaders(
    string? Action,
    string? MessageId = null,
    string? RelatesTo = null,
    string? To = null,
    bool ReplyToAnonymous = false);
