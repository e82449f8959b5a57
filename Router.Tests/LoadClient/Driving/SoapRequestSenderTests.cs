using LoadClient.Driving;

namespace SoapRouter.Tests.LoadClient.Driving;

public sealed class SoapRequestSenderTests
{
    [Theory]
    [InlineData(200, "text/xml; charset=utf-8", "Ok")]
    [InlineData(202, null, "Ok")]
    [InlineData(500, "text/xml; charset=utf-8", "Fault")]
    [InlineData(500, "application/soap+xml; charset=utf-8; action=\"urn:x\"", "Fault")]
    [InlineData(500, "application/soap+msbin1", "Fault")]
    [InlineData(400, "application/soap+xml", "Fault")]
    [InlineData(400, "text/xml", "HttpError")]
    [InlineData(500, "text/html", "HttpError")]
    [InlineData(500, null, "HttpError")]
    [InlineData(404, "text/xml", "HttpError")]
    [InlineData(503, "application/soap+xml", "HttpError")]
    public void Classify_StatusAndContentType_GivesTheOutcome(int status, string? contentType, string expected) =>
        Assert.Equal(expected, SoapRequestSender.Classify(status, contentType).ToString());
}
