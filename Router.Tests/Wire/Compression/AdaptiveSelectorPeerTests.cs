using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>One link, two clients: a reply is planned with the client's own bandwidth when the caller knows it.</summary>
public sealed class AdaptiveSelectorPeerTests
{
    private const int Length = 100_000;

    [Fact]
    public void PeerBandwidth_DecidesForThatPeer_TheLinksEstimateForOthers()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(bandwidth: null, "lz4", "brotli"));
        policy.Selector.OnRateMeasured(PolicyFixture.FastLink, applicationLimited: false);
        var all = CodecRegistry.Default.AllCodecs;

        var slowPeer = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, all, PolicyFixture.SlowLink));
        var fastPeer = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, all, PolicyFixture.FastLink));
        var unknownPeer = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, all));

        Assert.Equal(CodecId.Brotli, slowPeer.Codec!.Id);
        Assert.Equal(CompressionSkipReason.WouldNotPay, fastPeer.Reason);
        Assert.Equal(CompressionSkipReason.WouldNotPay, unknownPeer.Reason);
    }

    [Fact]
    public void ConfiguredBandwidth_WinsOverAPeersEstimate()
    {
        var policy = new PolicyFixture(PolicyFixture.Adaptive(PolicyFixture.FastLink, "lz4"));

        var choice = policy.Selector.Choose(new CompressionRequest("urn:Echo", Length, CodecRegistry.Default.AllCodecs, PolicyFixture.SlowLink));

        Assert.Equal(CompressionSkipReason.WouldNotPay, choice.Reason);
    }
}
