using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>compression.linkEstimates: the per-client estimate table's cap and idle timeout.</summary>
public sealed class LinkEstimatesValidationTests
{
    [Fact]
    public void Defaults_Are4096ClientsAndTwoMinutes_AndValid()
    {
        var estimates = Valid().Compression.LinkEstimates;

        Assert.Equal(4096, estimates.MaxPeers);
        Assert.Equal(TimeSpan.FromMinutes(2), estimates.IdleTimeout);
        Assert.Empty(Errors(Valid()));
    }

    [Fact]
    public void ZeroPeers_IsValid_OneEstimatePerListener() =>
        Assert.Empty(Errors(With(new LinkEstimatesConfig { MaxPeers = 0 })));

    [Theory]
    [InlineData(-1)]
    [InlineData(LinkEstimatesConfig.MaxPeersLimit + 1)]
    public void MaxPeersOutOfRange_IsReported(int maxPeers) =>
        AssertSingleError(With(new LinkEstimatesConfig { MaxPeers = maxPeers }), "compression.linkEstimates.maxPeers", "must be from 0 to 1000000");

    [Fact]
    public void ZeroIdleTimeout_IsReported() =>
        AssertSingleError(With(new LinkEstimatesConfig { IdleTimeout = TimeSpan.Zero }), "compression.linkEstimates.idleTimeout", "must be greater than 00:00:00");

    [Fact]
    public void RouterJson_SpellsItCompressionLinkEstimates_AndRefusesAMisspeltKey()
    {
        var parsed = RouterConfigLoader.Parse("""{ "compression": { "linkEstimates": { "maxPeers": 10, "idleTimeout": "00:00:30" } } }""");
        var misspelt = RouterConfigLoader.Parse("""{ "compression": { "linkEstimates": { "maxPeer": 10 } } }""");

        Assert.True(parsed.Succeeded, string.Join(Environment.NewLine, parsed.Errors));
        Assert.Equal(new LinkEstimatesConfig { MaxPeers = 10, IdleTimeout = TimeSpan.FromSeconds(30) }, parsed.Config.Compression.LinkEstimates);
        Assert.Contains(misspelt.Errors, error => error.StartsWith("compression.linkEstimates.maxPeer: unknown property", StringComparison.Ordinal));
    }

    private static RouterConfig With(LinkEstimatesConfig estimates) => Valid() with { Compression = new CompressionConfig { LinkEstimates = estimates } };
}
