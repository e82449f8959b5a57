using System.ServiceModel.Channels;
using LoadClient.CommandLine;
using LoadClient.Driving;
using LoadClient.Envelopes;
using LoadClient.Payloads;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.LoadClient.Payloads;

/// <summary>--repeat-share and --keys: which key each request carries, and where it goes in the raw template.</summary>
public sealed class CacheKeyMixTests
{
    private static readonly Uri To = new("http://127.0.0.1:8080/bench/cached");
    private static readonly WireLimits Limits = WireLimits.ForSize(16 * 1024 * 1024);

    [Fact]
    public void Next_EightyPercentOverEightKeys_RepeatsThatShareEvenlyAndTheRestAreUnique()
    {
        var mix = new CacheKeyMix(0.8, 8);
        var random = new Random(7);
        var keys = Enumerable.Range(0, 20_000).Select(_ => mix.Next(random)).ToArray();

        var hot = Enumerable.Range(0, 8).Select(CacheKeyMix.HotKey).ToHashSet();
        var repeated = keys.Where(hot.Contains).ToArray();
        var unique = keys.Where(k => !hot.Contains(k)).ToArray();

        // 20,000 draws at p = 0.8: the standard deviation of the share is 0.0028, so +-0.015 is over 5 of them.
        Assert.InRange(repeated.Length / 20_000.0, 0.785, 0.815);
        Assert.Equal(8, repeated.Distinct().Count());
        Assert.All(repeated.GroupBy(k => k), group => Assert.InRange(group.Count(), repeated.Length / 8 * 0.9, repeated.Length / 8 * 1.1));
        Assert.Equal(unique.Length, unique.Distinct().Count());
    }

    [Fact]
    public void Next_ShareOne_OnlyHotKeys_ShareZero_NeverAHotKey()
    {
        var random = new Random(3);
        var always = new CacheKeyMix(1, 3);
        var never = new CacheKeyMix(0, 3);
        var hot = Enumerable.Range(0, 3).Select(CacheKeyMix.HotKey).ToHashSet();

        Assert.All(Enumerable.Range(0, 1000).Select(_ => always.Next(random)), key => Assert.Contains(key, hot));
        var fresh = Enumerable.Range(0, 1000).Select(_ => never.Next(random)).ToArray();
        Assert.DoesNotContain(fresh, hot.Contains);
        Assert.Equal(1000, fresh.Distinct().Count());
    }

    [Fact]
    public void HotKey_IsTheSameInEveryProcessAndDiffersByIndex()
    {
        Assert.Equal(new Guid("00000000-0000-0000-0000-000000000000"), CacheKeyMix.HotKey(0));
        Assert.Equal(new Guid("00000000-0000-0000-0000-00000001002a"), CacheKeyMix.HotKey(0x1002a));
        Assert.Throws<ArgumentOutOfRangeException>(() => CacheKeyMix.HotKey(-1));
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task TemplateContent_WithKey_CarriesItInTheHeaderAndKeepsTheArgument(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        var template = RequestTemplateBuilder.Build(binding, OperationCalls.GetOrders(64), To, Limits, cacheKey: true);
        var key = CacheKeyMix.HotKey(5);

        using var content = new TemplateContent(template, key);
        var bytes = await content.ReadAsByteArrayAsync();

        Assert.Equal(template.Body.Length, bytes.Length);
        using var message = binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes), template.ContentType);
        var index = message.Headers.FindHeader(CacheKeyMix.HeaderName, CacheKeyMix.HeaderNamespace);
        Assert.True(index >= 0, "the key header is missing");
        Assert.Equal(key.ToString("D"), message.Headers.GetHeader<string>(index));
        if (binding.UsesAddressing)
        {
            Assert.NotEqual(RequestTemplateBuilder.Placeholder.ToString("D"), message.Headers.MessageId.ToString()[9..]);
        }

        var request = DecodedRequest.From(message);
        Assert.Equal(64, request.Argument);
    }

    [Fact]
    public void TemplateContent_KeyGivenOrNotAgainstTheTemplate_IsRefused()
    {
        var keyed = RequestTemplateBuilder.Build(WireBindings.Soap12Http, OperationCalls.GetOrders(1), To, Limits, cacheKey: true);
        var plain = RequestTemplateBuilder.Build(WireBindings.Soap12Http, OperationCalls.GetOrders(1), To, Limits);

        Assert.Throws<ArgumentException>(() => new TemplateContent(keyed));
        Assert.Throws<ArgumentException>(() => new TemplateContent(plain, Guid.NewGuid()));
    }

    [Fact]
    public void Parse_RepeatShareAndKeys_BuildTheMix()
    {
        var result = LoadOptionsParser.Parse(["--url", "http://127.0.0.1:8080/x", "--operation", "getOrders", "--repeat-share", "0.8", "--keys", "16"]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        Assert.Equal(new CacheKeyMix(0.8, 16), result.Options!.CacheKeys);
        Assert.Null(LoadOptionsParser.Parse(["--url", "http://127.0.0.1:8080/x"]).Options!.CacheKeys);
    }

    [Theory]
    [InlineData("--keys 4", "'--keys' applies with '--repeat-share' only")]
    [InlineData("--repeat-share 1.5", "'--repeat-share' must be a number from 0 to 1")]
    [InlineData("--repeat-share 0.8 --keys 0", "'--keys' must be an integer from 1")]
    [InlineData("--repeat-share 0.8 --client wcf", "'--repeat-share' needs '--client raw'")]
    [InlineData("--repeat-share 0.8 --compression always", "'--repeat-share' needs '--compression none'")]
    public void Parse_BadKeyOptions_SaySo(string arguments, string fragment)
    {
        var result = LoadOptionsParser.Parse(["--url", "http://127.0.0.1:8080/x", .. arguments.Split(' ')]);

        Assert.False(result.Succeeded);
        Assert.Contains(result.Errors, e => e.Contains(fragment, StringComparison.Ordinal));
    }
}
