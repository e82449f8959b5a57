using SoapRouter.Routing;

namespace SoapRouter.Tests.Routing;

public sealed class TransportActionTests
{
    [Theory]
    [InlineData("\"urn:a\"", "urn:a")]
    [InlineData("urn:a", "urn:a")]
    [InlineData(" \"urn:a\" ", "urn:a")]
    [InlineData("\"\"", null)]
    [InlineData("", null)]
    [InlineData(null, null)]
    public void FromSoapActionHeader_StripsQuotes(string? header, string? expected)
    {
        Assert.Equal(expected, TransportAction.FromSoapActionHeader(header));
    }

    [Theory]
    [InlineData("application/soap+xml; charset=utf-8; action=\"urn:a;b\"", "urn:a;b")]
    [InlineData("application/soap+xml;action=urn:a;charset=utf-8", "urn:a")]
    [InlineData("application/soap+xml; charset=\"utf-8\"; Action = \"urn:a\"", "urn:a")]
    [InlineData("application/soap+xml; charset=utf-8", null)]
    [InlineData("application/soap+xml", null)]
    public void FromContentType_ReadsActionParameter(string contentType, string? expected)
    {
        Assert.Equal(expected, TransportAction.FromContentType(contentType));
    }

    [Theory]
    [InlineData("text/xml; charset=utf-8", "\"urn:soap11\"", "urn:soap11")]
    [InlineData("Application/SOAP+xml; action=\"urn:soap12\"", "\"urn:ignored\"", "urn:soap12")]
    public void FromHttp_PicksTheSourceForTheMediaType(string contentType, string soapAction, string expected)
    {
        Assert.Equal(expected, TransportAction.FromHttp(contentType, soapAction));
    }
}
