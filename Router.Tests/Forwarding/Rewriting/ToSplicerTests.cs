using System.Text;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Tests.Listening;

namespace SoapRouter.Tests.Forwarding.Rewriting;

/// <summary>One location, several destinations: the splice from a remembered location equals a fresh rewrite.</summary>
public sealed class ToSplicerTests
{
    private static readonly string[] Addresses = ["http://10.0.0.1:9080/soap12", "http://router/soap12", "http://10.0.0.2:9080/a/much/longer/path"];

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Splice_ForEachDestination_EqualsRewritingTheMessageAfresh(bool binary)
    {
        var message = binary ? SoapMessages.Binary(200) : SoapMessages.Soap12(200);
        var splicer = default(ToSplicer);

        foreach (var address in Addresses)
        {
            using var spliced = splicer.Splice(message, binary, address);
            using var fresh = binary ? Msbin1ToRewriter.Rewrite(message, address) : ToHeaderRewriter.Rewrite(message, address);

            Assert.Equal(fresh.Status, spliced.Status);
            Assert.Equal(fresh.Select(message).ToArray(), spliced.Select(message).ToArray());
        }
    }

    [Fact]
    public void Splice_MessageWithoutTo_IsNotPresentEveryTime()
    {
        var message = SoapMessages.Soap11(100);
        var splicer = default(ToSplicer);

        Assert.Equal(ToHeaderRewriteStatus.NotPresent, splicer.Splice(message, binary: false, Addresses[0]).Status);
        Assert.Equal(ToHeaderRewriteStatus.NotPresent, splicer.Splice(message, binary: false, Addresses[1]).Status);
    }

    [Fact]
    public void Splice_Malformed_FailsEveryTime()
    {
        var message = Encoding.UTF8.GetBytes("<s:Envelope xmlns:s='http://www.w3.org/2003/05/soap-envelope'><s:Header><a:To");
        var splicer = default(ToSplicer);

        Assert.Equal(ToHeaderRewriteStatus.Failed, splicer.Splice(message, binary: false, Addresses[0]).Status);
        Assert.Equal(ToHeaderRewriteStatus.Failed, splicer.Splice(message, binary: false, Addresses[1]).Status);
    }
}
