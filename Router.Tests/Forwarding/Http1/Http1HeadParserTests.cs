using System.Net.Http;
using System.Text;
using SoapRouter.Forwarding.Http1;

namespace SoapRouter.Tests.Forwarding.Http1;

public sealed class Http1HeadParserTests
{
    [Fact]
    public void Parse_TypicalSoapReplyHead_ReadsStatusLengthAndContentType()
    {
        var bytes = Head("HTTP/1.1 200 OK\r\nContent-Length: 1234\r\nContent-Type: text/xml; charset=utf-8\r\nServer: Kestrel\r\n\r\n");

        var head = Http1HeadParser.Parse(bytes);

        Assert.Equal(200, head.StatusCode);
        Assert.Equal(1234, head.ContentLength);
        Assert.False(head.Chunked);
        Assert.False(head.ConnectionClose);
        Assert.Equal("text/xml; charset=utf-8", Encoding.ASCII.GetString(bytes, head.ContentType.Offset, head.ContentType.Length));
        Assert.Null(head.CacheControl);
    }

    [Fact]
    public void Parse_NamesInAnyCaseChunkedCloseAndCacheFields_AreRecognised()
    {
        var head = Http1HeadParser.Parse(Head(
            "HTTP/1.1 500 Internal Server Error\r\ntransfer-encoding:  chunked \r\nCONNECTION: keep-alive, close\r\n"
            + "cache-control: no-store\r\nCache-Control: private\r\nSet-Cookie: a=b\r\nContent-Encoding: gzip\r\nX-Soap-Original-Length: 99\r\n\r\n"));

        Assert.Equal(500, head.StatusCode);
        Assert.True(head.Chunked);
        Assert.True(head.ConnectionClose);
        Assert.Equal("no-store, private", head.CacheControl);
        Assert.True(head.SetCookie);
        Assert.Equal("gzip", head.ContentEncoding);
        Assert.Equal("99", head.OriginalLength);
        Assert.Equal(-1, head.ContentType.Length);
    }

    [Fact]
    public void Parse_Http10WithoutReason_IsReadAsHttp10()
    {
        var head = Http1HeadParser.Parse(Head("HTTP/1.0 202\r\n\r\n"));

        Assert.Equal(202, head.StatusCode);
        Assert.True(head.IsHttp10);
        Assert.Equal(-1, head.ContentLength);
    }

    [Theory]
    [InlineData("HTTP/2 200 OK\r\n\r\n")]
    [InlineData("HTTP/1.1 2x0 OK\r\n\r\n")]
    [InlineData("HTTP/1.1 200OK\r\n\r\n")]
    [InlineData("ICY 200 OK\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 12a\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length : 5\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nX-A: 1\r\n folded\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")]
    public void Parse_MalformedHead_IsAnInvalidResponseAsHttpClientReportsIt(string text)
    {
        var error = Assert.Throws<HttpRequestException>(() => Http1HeadParser.Parse(Head(text)));

        Assert.Equal(HttpRequestError.InvalidResponse, error.HttpRequestError);
    }

    [Fact]
    public void FindHeadLength_PartialHead_IsMinusOneUntilTheEmptyLineArrives()
    {
        Assert.Equal(-1, Http1HeadParser.FindHeadLength(Head("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n")));
        Assert.Equal(38, Http1HeadParser.FindHeadLength(Head("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc")));
    }

    private static byte[] Head(string text) => Encoding.ASCII.GetBytes(text);
}
