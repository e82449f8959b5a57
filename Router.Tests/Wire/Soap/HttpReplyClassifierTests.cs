using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Wire.Soap;

public sealed class HttpReplyClassifierTests
{
    [Theory]
    [InlineData(200, "text/xml; charset=utf-8", nameof(HttpReplyKind.Reply))]
    [InlineData(202, null, nameof(HttpReplyKind.Reply))]
    [InlineData(204, null, nameof(HttpReplyKind.Reply))]
    [InlineData(500, "text/xml; charset=utf-8", nameof(HttpReplyKind.Fault))]
    [InlineData(500, "TEXT/XML", nameof(HttpReplyKind.Fault))]
    [InlineData(500, "application/soap+xml; charset=utf-8; action=\"urn:x\"", nameof(HttpReplyKind.Fault))]
    [InlineData(500, " application/soap+msbin1 ", nameof(HttpReplyKind.Fault))]
    [InlineData(400, "application/soap+xml", nameof(HttpReplyKind.Fault))]
    [InlineData(400, "application/soap+msbin1", nameof(HttpReplyKind.Fault))]
    [InlineData(400, "text/xml", nameof(HttpReplyKind.Unusable))]
    [InlineData(500, "text/html", nameof(HttpReplyKind.Unusable))]
    [InlineData(500, null, nameof(HttpReplyKind.Unusable))]
    [InlineData(500, "text/xmlish", nameof(HttpReplyKind.Unusable))]
    [InlineData(404, "text/xml", nameof(HttpReplyKind.Unusable))]
    [InlineData(415, "text/xml", nameof(HttpReplyKind.Unusable))]
    [InlineData(502, "text/xml", nameof(HttpReplyKind.Unusable))]
    [InlineData(503, "application/soap+xml", nameof(HttpReplyKind.Unusable))]
    [InlineData(301, null, nameof(HttpReplyKind.Unusable))]
    [InlineData(100, null, nameof(HttpReplyKind.Unusable))]
    public void Classify_StatusAndContentType_GivesTheReplyKind(int status, string? contentType, string expected) =>
        Assert.Equal(expected, HttpReplyClassifier.Classify(status, contentType).ToString());
}
