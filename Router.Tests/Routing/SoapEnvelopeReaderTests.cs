using System.Text;
using System.Xml;
using SoapRouter.Configuration;
using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.TestEnvelopes;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Routing;

public sealed class SoapEnvelopeReaderTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ReadText_Envelope_DetectsVersionFromNamespace(bool soap12)
    {
        var version = soap12 ? SoapVersion.Soap12 : SoapVersion.Soap11;
        using var view = Parse(version);

        Assert.Equal(version, view.Version);
        Assert.Equal("/orders", view.Path);
    }

    [Theory]
    [InlineData(Wsa10, (int)WsAddressingVersion.Addressing10)]
    [InlineData(Wsa04, (int)WsAddressingVersion.Addressing200408)]
    public void Action_WsaActionPresent_WinsOverTransportAction(string wsaNs, int expected)
    {
        using var view = Parse(SoapVersion.Soap12, WsaHeader("Action", " urn:wsa-action ", wsaNs), transportAction: "urn:transport");

        Assert.Equal("urn:wsa-action", view.Action);
        Assert.Equal((WsAddressingVersion)expected, view.Addressing.Version);
    }

    [Fact]
    public void Action_NoWsaAction_UsesSoapActionHeader()
    {
        using var view = Parse(SoapVersion.Soap11, transportAction: SoapRouter.Wire.Soap.SoapMediaTypes.FromSoapActionHeader("\"urn:soap-action\""));

        Assert.Equal("urn:soap-action", view.Action);
        Assert.Equal(WsAddressingVersion.None, view.Addressing.Version);
    }

    [Fact]
    public void Action_NoWsaAction_UsesContentTypeActionParameter()
    {
        var transportAction = SoapRouter.Wire.Soap.SoapMediaTypes.TransportAction("application/soap+xml; charset=utf-8; action=\"urn:ct-action\"", soapActionHeader: "urn:ignored");
        using var view = Parse(SoapVersion.Soap12, transportAction: transportAction);

        Assert.Equal("urn:ct-action", view.Action);
    }

    [Fact]
    public void Action_NeitherWsaNorTransport_IsNull()
    {
        using var view = Parse(SoapVersion.Soap11, transportAction: "");

        Assert.Null(view.Action);
    }

    [Fact]
    public void Addressing_AllHeaders_AreRead()
    {
        var headers = WsaHeader("MessageID", "urn:uuid:1") + WsaHeader("To", "http://backend/svc")
            + WsaHeader("RelatesTo", "urn:uuid:0")
            + $"<a:ReplyTo xmlns:a='{Wsa10}'><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address>"
            + "<a:ReferenceParameters><x:Ref xmlns:x='urn:x'>r</x:Ref></a:ReferenceParameters></a:ReplyTo>";
        using var view = Parse(SoapVersion.Soap12, headers);

        var wsa = view.Addressing;
        Assert.Equal("urn:uuid:1", wsa.MessageId);
        Assert.Equal("http://backend/svc", wsa.To);
        Assert.Equal("urn:uuid:0", wsa.RelatesTo);
        Assert.Equal("http://www.w3.org/2005/08/addressing/anonymous", wsa.ReplyTo);
        Assert.Equal(4, view.Headers.Length);
    }

    [Fact]
    public void MoreHeadersThanTheParserKeepsInline_AllAreRead_InDocumentOrder()
    {
        // The parser keeps its first 8 headers in itself and any past them in a list: 11 come back whole and in order.
        var headers = string.Concat(Enumerable.Range(0, 11).Select(i => $"<h{i}:H{i} xmlns:h{i}='urn:h{i}'>v{i}</h{i}:H{i}>"));
        using var view = Parse(SoapVersion.Soap12, headers);

        Assert.Equal(
            Enumerable.Range(0, 11).Select(i => ($"H{i}", $"urn:h{i}", $"v{i}")),
            view.Headers.ToArray().Select(header => (header.LocalName, header.Namespace, header.Value)));
        Assert.True(view.TryGetHeader("H10", "urn:h10", out var last));
        Assert.Equal("v10", last);
    }

    [Fact]
    public void TryGetHeader_ByNameAndNamespace_ReturnsTextContent()
    {
        using var view = Parse(SoapVersion.Soap11, "<t:Tenant xmlns:t='urn:tenant'>acme</t:Tenant><t:Tenant xmlns:t='urn:other'>other</t:Tenant>");

        Assert.True(view.TryGetHeader("Tenant", "urn:tenant", out var value));
        Assert.Equal("acme", value);
        Assert.True(view.TryGetHeader("Tenant", "urn:other", out value));
        Assert.Equal("other", value);
        Assert.False(view.TryGetHeader("Tenant", "", out _));
        Assert.False(view.TryGetHeader("tenant", "urn:tenant", out _));
    }

    [Fact]
    public void TryGetHeader_MixedContent_ReturnsAllDescendantText()
    {
        using var view = Parse(SoapVersion.Soap11, "<t:H xmlns:t='urn:t'>a<t:b>b</t:b><![CDATA[<c>]]></t:H>");

        Assert.True(view.TryGetHeader("H", "urn:t", out var value));
        Assert.Equal("ab<c>", value);
    }

    [Theory]
    [InlineData(false, "1", true)]
    [InlineData(true, "true", true)]
    [InlineData(true, "false", false)]
    public void Headers_MustUnderstand_IsRecorded(bool soap12, string attribute, bool expected)
    {
        var version = soap12 ? SoapVersion.Soap12 : SoapVersion.Soap11;
        using var view = Parse(version, $"<t:H xmlns:t='urn:t' s:mustUnderstand='{attribute}'>v</t:H><t:N xmlns:t='urn:t'/>");

        Assert.Equal(expected, view.Headers[0].MustUnderstand);
        Assert.False(view.Headers[1].MustUnderstand);
        Assert.Equal("", view.Headers[1].Value);
    }

    [Fact]
    public void Parse_NoFilterAsks_BodyIsNotRead()
    {
        using var view = Parse(SoapVersion.Soap12, WsaHeader("Action", "urn:a"));

        Assert.False(view.IsBodyRead);
    }

    [Fact]
    public void CreateBodyNavigator_PositionsOnFirstBodyChild_AndReadsOnce()
    {
        using var view = Parse(SoapVersion.Soap11, body: "<!-- c --> " + OrderBody + "<second/>");

        var first = view.CreateBodyNavigator();
        var second = view.CreateBodyNavigator();

        Assert.True(view.IsBodyRead);
        Assert.NotNull(first);
        Assert.NotNull(second);
        Assert.Equal("Order", first.LocalName);
        Assert.Equal(OrdersNs, first.NamespaceURI);
        Assert.Equal("Order", second.LocalName);
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    public void CreateBodyNavigator_EmptyBody_ReturnsNullWithoutError(string body)
    {
        using var view = Parse(SoapVersion.Soap12, body: body);

        Assert.Null(view.CreateBodyNavigator());
        Assert.Equal(SoapParseErrorKind.None, view.BodyError);
    }

    [Fact]
    public void CreateBodyNavigator_SelfClosingBody_ReturnsNull()
    {
        var result = TryParse($"<s:Envelope xmlns:s='{SoapNamespaces.Soap11Envelope}'><s:Body/></s:Envelope>");

        Assert.True(result.Succeeded);
        using var view = result.Message;
        Assert.Null(view.CreateBodyNavigator());
    }

    [Theory]
    [InlineData("")]
    [InlineData("not xml")]
    [InlineData("<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Header>")]
    [InlineData("<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Header><h>x</s:Header><s:Body/></s:Envelope>")]
    [InlineData("<!DOCTYPE d [<!ENTITY e 'boom'>]><s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body>&e;</s:Body></s:Envelope>")]
    public void ReadText_MalformedXml_ReturnsMalformedError(string xml)
    {
        var result = TryParse(xml);

        Assert.False(result.Succeeded);
        Assert.Equal(SoapParseErrorKind.MalformedXml, result.Error);
        Assert.Equal(SoapParseResult.Describe(SoapParseErrorKind.MalformedXml), result.ErrorMessage);
    }

    [Theory]
    [InlineData("<Order xmlns='urn:test:orders'/>")]
    [InlineData("<s:Envelope xmlns:s='urn:not-soap'><s:Body/></s:Envelope>")]
    [InlineData("<Envelope><Body/></Envelope>")]
    public void ReadText_NotAnEnvelope_ReturnsNotSoapEnvelope(string xml)
    {
        Assert.Equal(SoapParseErrorKind.NotSoapEnvelope, TryParse(xml).Error);
    }

    [Theory]
    [InlineData("<s:Envelope xmlns:s='{0}'/>")]
    [InlineData("<s:Envelope xmlns:s='{0}'></s:Envelope>")]
    [InlineData("<s:Envelope xmlns:s='{0}'><s:Header/></s:Envelope>")]
    [InlineData("<s:Envelope xmlns:s='{0}'><s:Header/><x:Body xmlns:x='urn:x'/></s:Envelope>")]
    [InlineData("<s:Envelope xmlns:s='{0}'><s:Other/><s:Body/></s:Envelope>")]
    public void ReadText_NoBody_ReturnsMissingBody(string template)
    {
        var xml = string.Format(System.Globalization.CultureInfo.InvariantCulture, template, SoapNamespaces.Soap12Envelope);

        Assert.Equal(SoapParseErrorKind.MissingBody, TryParse(xml).Error);
    }

    [Fact]
    public void ReadText_HeaderNestedTooDeep_ReturnsQuotaExceeded()
    {
        var quotas = new ReaderQuotasConfig { MaxDepth = 8 };
        var xml = Envelope(SoapVersion.Soap11, Nested("h", 10));

        var result = TryParse(xml, quotas: quotas);

        Assert.Equal(SoapParseErrorKind.QuotaExceeded, result.Error);
    }

    [Fact]
    public void CreateBodyNavigator_BodyNestedTooDeep_ReturnsNullWithQuotaError()
    {
        var quotas = new ReaderQuotasConfig { MaxDepth = 8 };
        var result = TryParse(Envelope(SoapVersion.Soap11, body: Nested("b", 10)), quotas: quotas);
        Assert.True(result.Succeeded);
        using var view = result.Message;

        Assert.Null(view.CreateBodyNavigator());
        Assert.Equal(SoapParseErrorKind.QuotaExceeded, view.BodyError);
    }

    [Fact]
    public void ReadText_HeaderTextTooLong_ReturnsQuotaExceeded()
    {
        var quotas = new ReaderQuotasConfig { MaxStringContentLength = 16 };
        var xml = Envelope(SoapVersion.Soap11, $"<t:H xmlns:t='urn:t'>{new string('x', 17)}</t:H>");

        Assert.Equal(SoapParseErrorKind.QuotaExceeded, TryParse(xml, quotas: quotas).Error);
    }

    [Fact]
    public void ReadText_EveryTruncation_ReturnsAValueNeverThrows()
    {
        var bytes = Bytes(SoapVersion.Soap12, WsaHeader("Action", "urn:a") + WsaHeader("MessageID", "urn:uuid:1"));
        var reader = new SoapEnvelopeReader(new ReaderQuotasConfig());

        for (var length = 0; length < bytes.Length; length++)
        {
            var result = reader.ReadText(new ArraySegment<byte>(bytes, 0, length), "/", null);
            using var view = result.Message;
            view?.CreateBodyNavigator();
            Assert.True(result.Succeeded || result.ErrorMessage is not null);
        }
    }

    [Fact]
    public void CreateBodyNavigator_TruncatedBody_ReturnsNullWithMalformedError()
    {
        // Reading stops at the Body start tag, so a broken body is found only when a filter reads it.
        var result = TryParse($"<s:Envelope xmlns:s='{SoapNamespaces.Soap11Envelope}'><s:Body><o:Order xmlns:o='urn:o'>");
        Assert.True(result.Succeeded);
        using var view = result.Message;

        Assert.Null(view.CreateBodyNavigator());
        Assert.Equal(SoapParseErrorKind.MalformedXml, view.BodyError);
    }

    [Fact]
    public void Read_RandomlyCorruptedMessages_ReturnValuesNeverThrow()
    {
        var xml = Envelope(SoapVersion.Soap12, WsaHeader("Action", "urn:a") + WsaHeader("MessageID", "urn:uuid:1"), OrderBody + "<![CDATA[x]]>&amp;");
        var original = Encoding.UTF8.GetBytes(xml);
        var reader = new SoapEnvelopeReader(new ReaderQuotasConfig { MaxDepth = 16 });
        var random = new Random(12345);

        for (var i = 0; i < 5000; i++)
        {
            var bytes = (byte[])original.Clone();
            for (var k = random.Next(1, 4); k > 0; k--)
            {
                bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
            }

            var segment = new ArraySegment<byte>(bytes, 0, random.Next(2) == 0 ? bytes.Length : random.Next(bytes.Length));
            var result = reader.ReadText(segment, "/", null);
            using var view = result.Message;
            view?.CreateBodyNavigator();
            Assert.True(result.Succeeded || result.ErrorMessage is not null);
        }
    }

    [Fact]
    public void ReadText_InvalidUtf8_ReturnsMalformed()
    {
        var bytes = Bytes(SoapVersion.Soap11, "<t:H xmlns:t='urn:t'>ab</t:H>");
        var index = Array.IndexOf(bytes, (byte)'a');
        bytes[index] = 0xC3;
        bytes[index + 1] = 0x28;

        var result = new SoapEnvelopeReader(new ReaderQuotasConfig()).ReadText(new ArraySegment<byte>(bytes), "/", null);

        Assert.Equal(SoapParseErrorKind.MalformedXml, result.Error);
    }

    private static string Nested(string name, int depth)
    {
        var builder = new StringBuilder();
        for (var i = 0; i < depth; i++)
        {
            builder.Append('<').Append(name).Append(i).Append(" xmlns='urn:n'>");
        }

        for (var i = depth - 1; i >= 0; i--)
        {
            builder.Append("</").Append(name).Append(i).Append('>');
        }

        return builder.ToString();
    }
}
