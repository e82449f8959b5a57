using System.Text;
using System.Xml.Linq;
using SoapRouter.Faults;
using SoapRouter.Routing;
using SoapRouter.Tests.Routing;

namespace SoapRouter.Tests.Faults;

public sealed class SoapFaultsTests
{
    private static readonly XNamespace Soap11 = SoapNamespaces.Soap11Envelope;
    private static readonly XNamespace Soap12 = SoapNamespaces.Soap12Envelope;
    private static readonly XNamespace Wsa10 = SoapNamespaces.Addressing10;
    private static readonly XNamespace Wsa04 = SoapNamespaces.Addressing200408;
    private static readonly XNamespace Xml = XNamespace.Xml;

    [Theory]
    [InlineData((int)SoapFaultCode.Sender, "s:Client")]
    [InlineData((int)SoapFaultCode.Receiver, "s:Server")]
    public void Create_Soap11_WritesFaultcodeAndFaultstring(int code, string expectedCode)
    {
        var fault = SoapFaults.Create(SoapVersion.Soap11, (SoapFaultCode)code, "Backend unavailable.");

        var body = ParseBody(fault.Body, Soap11);
        var faultElement = body.Element(Soap11 + "Fault")!;
        Assert.Equal(expectedCode, faultElement.Element("faultcode")?.Value);
        Assert.Equal("Backend unavailable.", faultElement.Element("faultstring")?.Value);
        Assert.Equal(500, fault.StatusCode);
        Assert.Equal("text/xml; charset=utf-8", fault.ContentType);
    }

    [Theory]
    [InlineData((int)SoapFaultCode.Sender, "s:Sender", 400)]
    [InlineData((int)SoapFaultCode.Receiver, "s:Receiver", 500)]
    public void Create_Soap12_WritesCodeValueAndReasonText(int code, string expectedCode, int expectedStatus)
    {
        var fault = SoapFaults.Create(SoapVersion.Soap12, (SoapFaultCode)code, "Backend unavailable.");

        var faultElement = ParseBody(fault.Body, Soap12).Element(Soap12 + "Fault")!;
        var value = faultElement.Element(Soap12 + "Code")?.Element(Soap12 + "Value");
        var text = faultElement.Element(Soap12 + "Reason")?.Element(Soap12 + "Text");
        Assert.Equal(expectedCode, value?.Value);
        Assert.Equal(Soap12, value?.GetNamespaceOfPrefix("s"));
        Assert.Equal("Backend unavailable.", text?.Value);
        Assert.Equal("en", text?.Attribute(Xml + "lang")?.Value);
        Assert.Equal(expectedStatus, fault.StatusCode);
        Assert.Equal("application/soap+xml; charset=utf-8", fault.ContentType);
    }

    [Fact]
    public void Create_WithRelatesTo_AddsWsaRelatesToAndFaultAction()
    {
        var fault = SoapFaults.Create(SoapVersion.Soap12, SoapFaultCode.Receiver, "x", "urn:uuid:7", WsAddressingVersion.Addressing10);

        var header = Parse(fault.Body).Root!.Element(Soap12 + "Header")!;
        Assert.Equal("urn:uuid:7", header.Element(Wsa10 + "RelatesTo")?.Value);
        Assert.Equal(SoapNamespaces.Addressing10FaultAction, header.Element(Wsa10 + "Action")?.Value);
        Assert.Equal("true", header.Element(Wsa10 + "Action")?.Attribute(Soap12 + "mustUnderstand")?.Value);
    }

    [Fact]
    public void Create_Addressing200408_UsesThatNamespaceAndFaultAction()
    {
        var fault = SoapFaults.Create(SoapVersion.Soap11, SoapFaultCode.Receiver, "x", "urn:uuid:7", WsAddressingVersion.Addressing200408);

        var header = Parse(fault.Body).Root!.Element(Soap11 + "Header")!;
        Assert.Equal("urn:uuid:7", header.Element(Wsa04 + "RelatesTo")?.Value);
        Assert.Equal(SoapNamespaces.Addressing200408FaultAction, header.Element(Wsa04 + "Action")?.Value);
    }

    [Fact]
    public void Create_WithoutMessageId_HasNoHeader()
    {
        var fault = SoapFaults.Create(SoapVersion.Soap11, SoapFaultCode.Sender, "x");

        Assert.Null(Parse(fault.Body).Root!.Element(Soap11 + "Header"));
    }

    [Fact]
    public void Create_ReasonWithMarkup_IsEscaped()
    {
        const string reason = "a <b> & \"c\" </s:Body>";

        var fault = SoapFaults.Create(SoapVersion.Soap11, SoapFaultCode.Sender, reason);

        var raw = Encoding.UTF8.GetString(fault.Body);
        Assert.Contains("a &lt;b&gt; &amp;", raw, StringComparison.Ordinal);
        Assert.Equal(reason, ParseBody(fault.Body, Soap11).Element(Soap11 + "Fault")?.Element("faultstring")?.Value);
    }

    [Fact]
    public void Create_ReasonWithCharactersXmlCannotCarry_ReplacesThem()
    {
        var fault = SoapFaults.Create(SoapVersion.Soap12, SoapFaultCode.Sender, "bad\u0001char\uD800");

        var text = ParseBody(fault.Body, Soap12).Descendants(Soap12 + "Text").Single().Value;
        Assert.Equal("bad?char?", text);
    }

    [Fact]
    public void Create_Body_IsUtf8WithoutByteOrderMark()
    {
        var fault = SoapFaults.Create(SoapVersion.Soap12, SoapFaultCode.Sender, "é");

        Assert.Equal((byte)'<', fault.Body[0]);
        Assert.Contains("é", Encoding.UTF8.GetString(fault.Body), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(false, 500)]
    [InlineData(true, 400)]
    public void NoRoute_IsSenderFaultNamingTheAction(bool soap12, int expectedStatus)
    {
        var version = soap12 ? SoapVersion.Soap12 : SoapVersion.Soap11;

        var fault = SoapFaults.NoRoute(version, "urn:orders/<Unknown>");

        var raw = Encoding.UTF8.GetString(fault.Body);
        Assert.Contains("No route matches action 'urn:orders/&lt;Unknown&gt;'.", raw, StringComparison.Ordinal);
        Assert.Contains(soap12 ? "s:Sender" : "s:Client", raw, StringComparison.Ordinal);
        Assert.Equal(expectedStatus, fault.StatusCode);
    }

    [Fact]
    public void NoRoute_LongAction_IsTruncated()
    {
        var fault = SoapFaults.NoRoute(SoapVersion.Soap12, "urn:" + new string('x', 10_000));

        Assert.True(fault.Body.Length < 2_000);
    }

    [Fact]
    public void ForRequest_RequestWithMessageId_CorrelatesInItsVersion()
    {
        using var request = TestEnvelopes.Parse(
            SoapVersion.Soap12,
            TestEnvelopes.WsaHeader("Action", "urn:a") + TestEnvelopes.WsaHeader("MessageID", "urn:uuid:42"));

        var fault = SoapFaults.ForRequest(request, SoapFaultCode.Receiver, "Backend unavailable.");

        // The fault is itself a readable SOAP message to our own reader, with the addressing a client expects.
        var parsed = TestEnvelopes.TryParse(Encoding.UTF8.GetString(fault.Body));
        Assert.True(parsed.Succeeded);
        using var view = parsed.Message;
        Assert.Equal(SoapVersion.Soap12, view.Version);
        Assert.Equal("urn:uuid:42", view.Addressing.RelatesTo);
        Assert.Equal(SoapNamespaces.Addressing10FaultAction, view.Action);
        Assert.Equal(500, fault.StatusCode);
    }

    [Fact]
    public void ForRequest_OversizedMessageId_IsNotReflected()
    {
        var hugeId = "urn:" + new string('x', SoapFaults.MaxCorrelatedMessageIdLength + 1);
        using var request = TestEnvelopes.Parse(
            SoapVersion.Soap12,
            TestEnvelopes.WsaHeader("Action", "urn:a") + TestEnvelopes.WsaHeader("MessageID", hugeId));

        var fault = SoapFaults.ForRequest(request, SoapFaultCode.Receiver, "Backend unavailable.");

        Assert.True(fault.Body.Length < 2_000);
        Assert.DoesNotContain("RelatesTo", Encoding.UTF8.GetString(fault.Body), StringComparison.Ordinal);
    }

    private static XDocument Parse(byte[] body) => XDocument.Parse(Encoding.UTF8.GetString(body));

    private static XElement ParseBody(byte[] body, XNamespace envelopeNs)
    {
        var root = Parse(body).Root!;
        Assert.Equal(envelopeNs + "Envelope", root.Name);
        return root.Element(envelopeNs + "Body")!;
    }
}
