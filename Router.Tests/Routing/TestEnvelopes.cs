using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Routing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Routing;

/// <summary>Builds small SOAP envelopes for tests, so each test states only what differs.</summary>
internal static class TestEnvelopes
{
    public const string OrdersNs = "urn:test:orders";
    public const string OrderBody = "<o:Order xmlns:o='urn:test:orders'><o:Id>42</o:Id><o:Total>10.5</o:Total></o:Order>";
    public const string Wsa10 = SoapNamespaces.Addressing10;
    public const string Wsa04 = SoapNamespaces.Addressing200408;

    /// <summary>The envelope text; a null <paramref name="headers"/> omits the Header, a null <paramref name="body"/> omits the Body.</summary>
    public static string Envelope(SoapVersion version, string? headers = null, string? body = OrderBody)
    {
        var ns = (version == SoapVersion.Soap12 ? SoapNamespaces.Soap12Envelope : SoapNamespaces.Soap11Envelope);
        var header = headers is null ? "" : $"<s:Header>{headers}</s:Header>";
        var bodyElement = body is null ? "" : $"<s:Body>{body}</s:Body>";
        return $"<?xml version='1.0' encoding='utf-8'?><s:Envelope xmlns:s='{ns}'>{header}{bodyElement}</s:Envelope>";
    }

    public static byte[] Bytes(SoapVersion version, string? headers = null, string? body = OrderBody) =>
        Encoding.UTF8.GetBytes(Envelope(version, headers, body));

    public static string WsaHeader(string localName, string value, string ns = Wsa10) =>
        $"<a:{localName} xmlns:a='{ns}'>{value}</a:{localName}>";

    public static SoapParseResult TryParse(
        string xml,
        string path = "/orders",
        string? transportAction = null,
        ReaderQuotasConfig? quotas = null) =>
        new SoapEnvelopeReader(quotas ?? new ReaderQuotasConfig())
            .ReadText(new ArraySegment<byte>(Encoding.UTF8.GetBytes(xml)), path, transportAction);

    /// <summary>Parses an envelope that must be valid.</summary>
    public static SoapMessageView Parse(
        SoapVersion version,
        string? headers = null,
        string? body = OrderBody,
        string path = "/orders",
        string? transportAction = null)
    {
        var result = TryParse(Envelope(version, headers, body), path, transportAction);
        Assert.True(result.Succeeded, result.ErrorMessage);
        return result.Message;
    }

    /// <summary>A SOAP 1.2 message with a wsa:Action, the shape most routing tests need.</summary>
    public static SoapMessageView WithAction(string action, string body = OrderBody, string path = "/orders") =>
        Parse(SoapVersion.Soap12, WsaHeader("Action", action), body, path);
}
