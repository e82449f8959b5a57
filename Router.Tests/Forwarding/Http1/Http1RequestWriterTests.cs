using System.Text;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.Http1;

namespace SoapRouter.Tests.Forwarding.Http1;

public sealed class Http1RequestWriterTests
{
    [Theory]
    [InlineData("http://127.0.0.1:9080/soap12?x=1", "POST /soap12?x=1 HTTP/1.1\r\nHost: 127.0.0.1:9080\r\n")]
    [InlineData("http://backend/svc", "POST /svc HTTP/1.1\r\nHost: backend\r\n")]
    [InlineData("http://[::1]:8080/a%20b", "POST /a%20b HTTP/1.1\r\nHost: [::1]:8080\r\n")]
    public void Prefix_Address_IsTheRequestLineAndHostHttpClientSends(string address, string expected) =>
        Assert.Equal(expected, Encoding.ASCII.GetString(Http1RequestWriter.Prefix(new Uri(address))));

    [Fact]
    public void Write_AllHeaders_AreWrittenWithTheirValuesUnchanged()
    {
        var prefix = Http1RequestWriter.Prefix(new Uri("http://h:1/p"));
        var request = new RawSoapRequest(new byte[321], "text/xml; charset=utf-8")
        {
            SoapAction = "\"urn:a\"", ClientCertificate = "Hash=ab", TraceParent = "00-1-2-01", TraceState = "k=v",
        };
        var buffer = new byte[1024];

        var written = Http1RequestWriter.Write(buffer, prefix, request, 321);

        Assert.Equal(
            "POST /p HTTP/1.1\r\nHost: h:1\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: 321\r\nSOAPAction: \"urn:a\"\r\n"
            + "X-Forwarded-Client-Cert: Hash=ab\r\ntraceparent: 00-1-2-01\r\ntracestate: k=v\r\n\r\n",
            Encoding.ASCII.GetString(buffer, 0, written));
    }

    [Theory]
    [InlineData("text/xml\r\nX-Injected: 1")]
    [InlineData("text/xml\u0100")]
    public void Write_ValueAHeaderCannotCarry_IsRefused(string contentType)
    {
        var request = new RawSoapRequest(new byte[1], contentType);

        Assert.Equal(-1, Http1RequestWriter.Write(new byte[1024], Http1RequestWriter.Prefix(new Uri("http://h/p")), request, 1));
    }

    [Fact]
    public void Write_HeadLongerThanTheBuffer_IsRefused()
    {
        var request = new RawSoapRequest(new byte[1], "text/xml") { SoapAction = new string('a', 2000) };

        Assert.Equal(-1, Http1RequestWriter.Write(new byte[1024], Http1RequestWriter.Prefix(new Uri("http://h/p")), request, 1));
    }
}
