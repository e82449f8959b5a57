namespace SoapRouter.Routing;

/// <summary>The WS-Addressing headers of a message; each is null when absent.</summary>
/// <param name="Version">Which WS-Addressing namespace the headers used.</param>
/// <param name="Action">wsa:Action.</param>
/// <param name="To">wsa:To.</param>
/// <param name="MessageId">wsa:MessageID.</param>
/// <param name="RelatesTo">wsa:RelatesTo.</param>
/// <param name="ReplyTo">The wsa:Address inside wsa:ReplyTo.</param>
internal readonly record struct WsAddressingHeaders(
    WsAddressingVersion Version,
    string? Action,
    string? To,
    string? MessageId,
    string? RelatesTo,
    string? ReplyTo);
