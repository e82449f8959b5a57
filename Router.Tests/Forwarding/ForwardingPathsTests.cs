using SoapRouter.Forwarding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Forwarding;

/// <summary>The one rule for verbatim vs re-encode, as the pipeline, the senders and the counters all ask it.</summary>
public sealed class ForwardingPathsTests
{
    [Theory]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.BasicHttp, "verbatim")]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.Soap12Http, "verbatim")]
    [InlineData(WireBindingNames.BinaryHttp, WireBindingNames.BinaryHttp, "verbatim")]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, "reencoded")]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp, "reencoded")]
    [InlineData(WireBindingNames.BinaryHttp, WireBindingNames.NetTcp, "reencoded")]
    [InlineData(WireBindingNames.NetTcp, WireBindingNames.BinaryHttp, "reencoded")]
    [InlineData(WireBindingNames.NetTcp, WireBindingNames.NetTcp, "reencoded")]
    public void Between_VerbatimOnlyBetweenHttpHopsOfOneBinding(string listener, string destination, string expected) =>
        Assert.Equal(expected, ForwardingPaths.TagOf(ForwardingPaths.Between(WireBindings.Get(listener), WireBindings.Get(destination))));

    [Fact]
    public void TagOf_NamesThePathAsSpansCarryIt()
    {
        Assert.Equal("verbatim", ForwardingPaths.TagOf(ForwardingPath.Verbatim));
        Assert.Equal("reencoded", ForwardingPaths.TagOf(ForwardingPath.Reencoded));
    }
}
