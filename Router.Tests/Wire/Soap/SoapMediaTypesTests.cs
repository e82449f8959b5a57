using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Wire.Soap;

public sealed class SoapMediaTypesTests
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
        Assert.Equal(expected, SoapMediaTypes.FromSoapActionHeader(header));
    }

    [Theory]
    [InlineData("application/soap+xml; charset=utf-8; action=\"urn:a;b\"", "urn:a;b")]
    [InlineData("application/soap+xml;action=urn:a;charset=utf-8", "urn:a")]
    [InlineData("application/soap+xml; charset=\"utf-8\"; Action = \"urn:a\"", "urn:a")]
    [InlineData("application/soap+xml; charset=utf-8", null)]
    [InlineData("application/soap+xml", null)]
    public void ActionParameter_ReadsTheContentTypesActionParameter(string contentType, string? expected)
    {
        Assert.Equal(expected, SoapMediaTypes.ActionParameter(contentType));
    }

    [Theory]
    [InlineData("text/xml; charset=utf-8", "\"urn:soap11\"", "urn:soap11")]
    [InlineData("Application/SOAP+xml; action=\"urn:soap12\"", "\"urn:ignored\"", "urn:soap12")]
    public void TransportAction_PicksTheSourceForTheMediaType(string contentType, string soapAction, string expected)
    {
        Assert.Equal(expected, SoapMediaTypes.TransportAction(contentType, soapAction));
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "text/xml; charset=utf-8", "\"urn:a\"", "urn:a")]
    [InlineData(WireBindingNames.Soap12Http, "application/soap+xml; charset=utf-8", "\"urn:ignored\"", null)]
    [InlineData(WireBindingNames.Soap12Http, "application/soap+xml; action=\"urn:b\"", null, "urn:b")]
    [InlineData(WireBindingNames.BinaryHttp, "application/soap+msbin1", "\"urn:ignored\"", null)]
    public void WireBinding_TransportAction_FollowsTheBindingsSoapVersion(string binding, string contentType, string? soapAction, string? expected) =>
        Assert.Equal(expected, WireBindings.Get(binding).TransportAction(contentType, soapAction));

    [Fact]
    public void ToSoapActionHeader_QuotesAsWcfDoes()
    {
        Assert.Equal("\"urn:a\"", SoapMediaTypes.ToSoapActionHeader("urn:a"));
        Assert.Equal("\"\"", SoapMediaTypes.ToSoapActionHeader(null));
    }
}
