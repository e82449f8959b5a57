using System.Text;
using System.Xml;
using SoapRouter.Configuration;
using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.TestEnvelopes;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Routing;

public sealed class SoapMessageViewBodyReaderTests
{
    [Fact]
    public void OpenBodyReader_PositionsOnFirstBodyChild_WithoutLoadingTheBody()
    {
        using var view = Parse(SoapVersion.Soap11, WsaHeader("Action", "urn:a"), body: "<!-- c --> " + OrderBody + "<second/>");

        using var reader = view.OpenBodyReader();

        Assert.NotNull(reader);
        Assert.Equal(XmlNodeType.Element, reader.NodeType);
        Assert.Equal("Order", reader.LocalName);
        Assert.Equal(OrdersNs, reader.NamespaceURI);
        Assert.Contains(">42</o:Id>", reader.ReadOuterXml(), StringComparison.Ordinal);
        Assert.True(view.IsBodyRead);
        Assert.False(view.IsBodyLoaded);
    }

    [Fact]
    public void OpenBodyReader_EachCall_IsAnIndependentReader()
    {
        using var view = Parse(SoapVersion.Soap12);
        using var first = view.OpenBodyReader();
        Assert.NotNull(first);
        first.Read();
        Assert.Equal("Id", first.LocalName);

        using var second = view.OpenBodyReader();

        Assert.NotNull(second);
        Assert.Equal("Order", second.LocalName);
        Assert.Equal("Id", first.LocalName);
        Assert.NotNull(view.CreateBodyNavigator());
    }

    [Fact]
    public void OpenBodyReader_AfterTheNavigator_StillOpens()
    {
        using var view = Parse(SoapVersion.Soap12);

        Assert.Equal("Order", view.CreateBodyNavigator()?.LocalName);
        using var reader = view.OpenBodyReader();

        Assert.Equal("Order", reader?.LocalName);
    }

    [Fact]
    public void CreateBodyNavigator_AfterAReaderOnABrokenBody_ReportsTheBreak()
    {
        // The first reader is the view's own; the navigator then reads the buffer again and finds the break.
        var result = TryParse($"<s:Envelope xmlns:s='{SoapNamespaces.Soap11Envelope}'><s:Body><o:Order xmlns:o='{OrdersNs}'><o:Id>42</o:Id>");
        Assert.True(result.Succeeded);
        using var view = result.Message;
        using (var reader = view.OpenBodyReader())
        {
            Assert.Equal("Order", reader?.LocalName);
        }

        Assert.Null(view.CreateBodyNavigator());
        Assert.Equal(SoapParseErrorKind.MalformedXml, view.BodyError);
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    [InlineData("<!-- only a comment -->")]
    [InlineData("just text")]
    public void OpenBodyReader_BodyWithoutElement_ReturnsNull(string body)
    {
        using var view = Parse(SoapVersion.Soap12, body: body);

        Assert.Null(view.OpenBodyReader());
    }

    [Fact]
    public void OpenBodyReader_SelfClosingBody_ReturnsNull()
    {
        var result = TryParse($"<s:Envelope xmlns:s='{SoapNamespaces.Soap11Envelope}'><s:Header/><s:Body/></s:Envelope>");
        Assert.True(result.Succeeded);
        using var view = result.Message;

        Assert.Null(view.OpenBodyReader());
    }

    [Fact]
    public void OpenBodyReader_HeaderHoldingBodyLikeElements_SkipsThemToTheRealBody()
    {
        var ns = SoapNamespaces.Soap12Envelope;
        var headers = $"<h:Body xmlns:h='urn:h'>x</h:Body><h:Wrap xmlns:h='urn:h'><s:Body xmlns:s='{ns}'><o:Decoy xmlns:o='urn:test:orders'/></s:Body></h:Wrap>";
        using var view = Parse(SoapVersion.Soap12, headers);

        using var reader = view.OpenBodyReader();

        Assert.Equal("Order", reader?.LocalName);
    }

    [Fact]
    public void OpenBodyReader_ViewOverTheCallersReader_WalksTheLoadedBody()
    {
        var xml = Envelope(SoapVersion.Soap11, body: OrderBody);
        var result = new SoapEnvelopeReader(new ReaderQuotasConfig())
            .Read(XmlReader.Create(new StringReader(xml)), "/", transportAction: null);
        Assert.True(result.Succeeded, result.ErrorMessage);
        using var view = result.Message;

        using var reader = view.OpenBodyReader();

        Assert.NotNull(reader);
        Assert.Equal("Order", reader.LocalName);
        Assert.True(view.IsBodyLoaded);
        Assert.True(new XPathFilter("/o:Order/o:Total = 10.5", new Dictionary<string, string> { ["o"] = OrdersNs }).Match(view));
    }

    [Fact]
    public void OpenBodyReader_BodyNestedTooDeep_ReaderEnforcesTheQuota()
    {
        var body = $"<o:Order xmlns:o='{OrdersNs}'>{string.Concat(Enumerable.Repeat("<o:N>", 10))}{string.Concat(Enumerable.Repeat("</o:N>", 10))}</o:Order>";
        var result = TryParse(Envelope(SoapVersion.Soap11, body: body), quotas: new ReaderQuotasConfig { MaxDepth = 8 });
        Assert.True(result.Succeeded, result.ErrorMessage);
        using var view = result.Message;
        using var reader = view.OpenBodyReader();
        Assert.NotNull(reader);

        Assert.Throws<XmlException>(() => reader.ReadOuterXml());
    }
}
