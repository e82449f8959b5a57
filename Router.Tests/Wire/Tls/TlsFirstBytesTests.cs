using System.Buffers;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Tls;

/// <summary>How the first bytes of a connection to a TLS port are told apart.</summary>
public sealed class TlsFirstBytesTests
{
    [Theory]
    [InlineData("\u0016\u0003\u0001", false, "Tls")]
    [InlineData("GET ", false, "PlainHttp")]
    [InlineData("PROPPATCH /x", false, "PlainHttp")]
    [InlineData("G", false, "NeedMoreData")]
    [InlineData("POS", false, "NeedMoreData")]
    [InlineData("POS", true, "NotTls")]
    [InlineData("Get ", false, "NotTls")]
    [InlineData(" GET", false, "NotTls")]
    [InlineData("ABCDEFGHIJKLMNOPQ ", false, "NotTls")]
    [InlineData("\u0000\u0001\u0000", false, "NotTls")]
    public void FirstBytes_AreClassified(string bytes, bool final, string expected)
    {
        Assert.Equal(Enum.Parse<TlsFirstBytes.Kind>(expected), TlsFirstBytes.Classify(new ReadOnlySequence<byte>(System.Text.Encoding.Latin1.GetBytes(bytes)), final));
    }
}
