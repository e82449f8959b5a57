using System.Globalization;
using global::LoadClient.CommandLine;
using global::LoadClient.Envelopes;
using global::LoadClient.Payloads;
using Samples.Payloads;
using Xunit.Abstractions;

namespace SoapRouter.Tests.LoadClient.Payloads;

/// <summary>
/// The message profiles as the raw mode sends them: gzip (System.IO.Compression, Optimal) of whole request envelopes.
/// Measured with seed 1, 20 KB echo envelopes: simple 0.090 text / 0.093 binary, medium 0.449 / 0.453, complex 0.682 / 0.898.
/// Text XML carries the complex profile's random bytes as base64, which caps its ratio near 0.75.
/// </summary>
public sealed class MessageProfileTests(ITestOutputHelper log)
{
    [Theory]
    [InlineData("simple", "basicHttp", 0.0, 0.15)]
    [InlineData("simple", "binaryHttp", 0.0, 0.15)]
    [InlineData("medium", "basicHttp", 0.25, 0.5)]
    [InlineData("medium", "binaryHttp", 0.25, 0.5)]
    [InlineData("complex", "basicHttp", 0.6, 0.8)]
    [InlineData("complex", "binaryHttp", 0.85, 1.0)]
    public void Template_OfEachProfile_GzipsToItsRatio(string profile, string binding, double low, double high)
    {
        var options = Parse("--url", "http://127.0.0.1:1/x", "--binding", binding, "--profile", profile, "--size", "20000");

        var template = OperationCalls.BuildTemplates(options, OperationCalls.For(options)).First;
        var ratio = CompressionRatio.GZip(template.Body);

        log.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{profile} {binding}: {template.Body.Length} bytes, gzip ratio {ratio:F3}"));
        Assert.InRange(ratio, low, high);
    }

    [Fact]
    public void SeedSizes_TenThousandDraws_StayInTheSeedsRangeAndGatherNear150KB()
    {
        var random = new Random(1);
        var sizes = Enumerable.Range(0, 10_000).Select(_ => SeedSizes.Sample(random)).ToArray();

        Assert.All(sizes, s => Assert.InRange(s, SeedSizes.Min, SeedSizes.Max));
        Assert.InRange(sizes.Average(), 140 * 1024, 160 * 1024);

        // Within one standard deviation of the centre: about 68% of a normal distribution.
        var near = sizes.Count(s => Math.Abs(s - SeedSizes.Center) <= SeedSizes.StandardDeviation) / (double)sizes.Length;
        Assert.InRange(near, 0.6, 0.75);
        Assert.True(sizes.Min() < 60 * 1024, "some small messages");
        Assert.True(sizes.Max() > 230 * 1024, "some near the largest");
    }

    [Fact]
    public void SizeBuckets_SpanTheSeedsRange_AndNearestPicksTheClosest()
    {
        Assert.Equal(SizeBuckets.Count, SizeBuckets.Sizes.Count);
        Assert.Equal(SeedSizes.Min, SizeBuckets.Sizes[0]);
        Assert.Equal(SeedSizes.Max, SizeBuckets.Sizes[^1]);
        Assert.Equal(0, SizeBuckets.Nearest(0));
        Assert.Equal(SizeBuckets.Count - 1, SizeBuckets.Nearest(int.MaxValue));
        for (var i = 0; i < SizeBuckets.Count; i++)
        {
            Assert.Equal(i, SizeBuckets.Nearest(SizeBuckets.Sizes[i]));
        }
    }

    [Theory]
    [InlineData("basicHttp")]
    [InlineData("binaryHttp")]
    public void SeedDistributionTemplates_GrowWithTheirSizeAndKeepTheProfile(string binding)
    {
        var options = Parse("--url", "http://127.0.0.1:1/x", "--binding", binding, "--size-distribution", "seed", "--profile", "complex");

        var templates = OperationCalls.BuildTemplates(options, OperationCalls.For(options)).Templates;

        Assert.Equal(SizeBuckets.Count, templates.Count);
        for (var i = 1; i < templates.Count; i++)
        {
            Assert.True(templates[i].Body.Length > templates[i - 1].Body.Length);
        }

        // Sized for the encoding within a few percent (plus the envelope's few hundred bytes).
        Assert.InRange(templates[^1].Body.Length, SeedSizes.Max * 0.97, SeedSizes.Max * 1.05);
        Assert.InRange(CompressionRatio.GZip(templates[^1].Body), binding == "binaryHttp" ? 0.85 : 0.6, 1.0);
    }

    [Fact]
    public void EchoPayloadSlicer_KeepsTheLeadingShareOfTextAndBytes()
    {
        var payload = new global::Samples.Contracts.EchoPayload { Text = "abcdefghij", Blob = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };

        var half = EchoPayloadSlicer.Slice(payload, 0.5);

        Assert.Equal("abcde", half.Text);
        Assert.Equal([1, 2, 3, 4, 5], half.Blob);
        Assert.Null(EchoPayloadSlicer.Slice(new global::Samples.Contracts.EchoPayload(), 0.5).Text);
    }

    private static LoadOptions Parse(params string[] args)
    {
        var parsed = LoadOptionsParser.Parse(args);
        Assert.True(parsed.Succeeded, string.Join("; ", parsed.Errors));
        return parsed.Options!;
    }
}
