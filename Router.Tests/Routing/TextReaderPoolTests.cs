using System.Text;
using System.Xml;
using SoapRouter.Routing;

namespace SoapRouter.Tests.Routing;

public sealed class TextReaderPoolTests
{
    [Fact]
    public void Rent_AfterDispose_ReusesTheReader_OnTheNewBytes()
    {
        var pool = new TextReaderPool(XmlDictionaryReaderQuotas.Max);
        var first = pool.Rent(Segment("<a>one</a>"));
        Assert.Equal("one", first.ReadElementContentAsString());
        first.Dispose();

        using var second = pool.Rent(Segment("<b>two</b>"));

        Assert.Same(first, second);
        Assert.Equal("two", second.ReadElementContentAsString());
    }

    [Fact]
    public void Rent_WhileTheFirstIsInUse_GivesAnotherReader()
    {
        var pool = new TextReaderPool(XmlDictionaryReaderQuotas.Max);
        using var first = pool.Rent(Segment("<a>one</a>"));

        using var second = pool.Rent(Segment("<b>two</b>"));

        Assert.NotSame(first, second);
        Assert.Equal("one", first.ReadElementContentAsString());
        Assert.Equal("two", second.ReadElementContentAsString());
    }

    [Fact]
    public void Dispose_Twice_ReturnsTheReaderOnce()
    {
        var pool = new TextReaderPool(XmlDictionaryReaderQuotas.Max);
        var reader = pool.Rent(Segment("<a/>"));
        reader.Dispose();
        reader.Dispose();

        using var first = pool.Rent(Segment("<a/>"));
        using var second = pool.Rent(Segment("<a/>"));

        Assert.NotSame(first, second);
    }

    [Fact]
    public void Quotas_ApplyToReusedReadersToo()
    {
        var pool = new TextReaderPool(new XmlDictionaryReaderQuotas { MaxDepth = 2 });
        pool.Rent(Segment("<a/>")).Dispose();

        using var reused = pool.Rent(Segment("<a><b><c/></b></a>"));

        Assert.Throws<XmlException>(() =>
        {
            while (reused.Read())
            {
            }
        });
    }

    private static ArraySegment<byte> Segment(string xml) => new(Encoding.UTF8.GetBytes(xml));
}
