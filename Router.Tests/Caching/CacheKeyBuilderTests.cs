using System.Security.Cryptography;
using System.Text;
using SoapRouter.Caching;
using SoapRouter.Configuration;
using SoapRouter.Routing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Caching;

/// <summary>The cache key of text requests, read by the router's own envelope reader: what it ignores and what it does not.</summary>
public sealed class CacheKeyBuilderTests
{
    private const string Action = "urn:test/GetOrders";
    private static readonly SoapEnvelopeReader Reader = new(new ReaderQuotasConfig { MaxStringContentLength = 1 << 22 });

    [Fact]
    public void MessageIdToPrefixesWhitespaceCommentsAndAttributeOrder_DoNotChangeTheKey()
    {
        var plain = Key(Envelope("urn:uuid:1", "http://router/a", """<GetOrders xmlns="urn:t" a="1" b="2"><n>5</n><s>x &amp; y</s></GetOrders>"""));
        var variant = Key(Envelope("urn:uuid:2", "http://other/b", """
            <p:GetOrders xmlns:p="urn:t" b="2" a="1">
              <!-- a comment -->
              <p:n>5</p:n>
              <p:s>x <![CDATA[&]]> y</p:s>
            </p:GetOrders>
            """));

        Assert.Equal(plain, variant);
    }

    [Theory]
    [InlineData("""<GetOrders xmlns="urn:t"><n>6</n><s>x &amp; y</s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:other"><n>5</n><s>x &amp; y</s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:t" a="1"><n>5</n><s>x &amp; y</s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:t" a="1" b="2"><n>5</n><s>x &amp;  y</s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:t" a="1" b="2"><n>5</n><s>x &amp;y</s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:t" a="1" b="2"><n>5</n><s>x &amp; y </s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:t" a="1" b="2"><n> 5</n><s>x &amp; y</s></GetOrders>""")]
    [InlineData("""<GetOrders xmlns="urn:t" a="1" b="2"><n>5</n><s>x &amp; y</s><s/></GetOrders>""")]
    public void AnyChangeOfMeaning_ChangesTheKey(string body) =>
        Assert.NotEqual(
            Key(Envelope("urn:uuid:1", "http://router/a", """<GetOrders xmlns="urn:t" a="1" b="2"><n>5</n><s>x &amp; y</s></GetOrders>""")),
            Key(Envelope("urn:uuid:1", "http://router/a", body)));

    [Fact]
    public void BodiesThatDifferOnlyAfterAMegabyteOfTheSameText_HaveDifferentKeys()
    {
        var common = new string('q', 1 << 20);

        Assert.NotEqual(
            Key(Envelope("urn:uuid:1", "http://router/a", $"<Echo xmlns=\"urn:t\"><t>{common}A</t></Echo>")),
            Key(Envelope("urn:uuid:1", "http://router/a", $"<Echo xmlns=\"urn:t\"><t>{common}B</t></Echo>")));
    }

    [Fact]
    public void VaryHeader_ItsValue_AndWhetherItIsThere_AreInTheKey()
    {
        const string Body = """<GetOrders xmlns="urn:t"><n>5</n></GetOrders>""";
        var policy = Policy(new RouteCacheConfig { Actions = [Action], VaryByHeaders = ["{urn:tenant}TenantId"] });

        var a = Key(Envelope("urn:uuid:1", "http://router/a", Body, "<h:TenantId xmlns:h=\"urn:tenant\">a</h:TenantId>"), policy);
        var a2 = Key(Envelope("urn:uuid:2", "http://router/a", Body, "<TenantId xmlns=\"urn:tenant\">a</TenantId>"), policy);
        var b = Key(Envelope("urn:uuid:1", "http://router/a", Body, "<h:TenantId xmlns:h=\"urn:tenant\">b</h:TenantId>"), policy);
        var empty = Key(Envelope("urn:uuid:1", "http://router/a", Body, "<h:TenantId xmlns:h=\"urn:tenant\"/>"), policy);
        var none = Key(Envelope("urn:uuid:1", "http://router/a", Body), policy);

        Assert.Equal(a, a2);
        Assert.Equal(5, new[] { a, b, empty, none, Key(Envelope("urn:uuid:1", "http://router/a", Body)) }.Distinct().Count());
    }

    [Fact]
    public void ClientCertificate_IsInTheKey_UnlessTheRouteSaysNot()
    {
        using var pki = new TestPki();
        var partnerA = pki.Client("partner-a").Certificate;
        var partnerB = pki.Client("partner-b").Certificate;
        var envelope = Envelope("urn:uuid:1", "http://router/a", """<GetOrders xmlns="urn:t"><n>5</n></GetOrders>""");
        var shared = Policy(new RouteCacheConfig { Actions = [Action], VaryByClientCertificate = false });

        Assert.NotEqual(Key(envelope, certificate: partnerA), Key(envelope, certificate: partnerB));
        Assert.NotEqual(Key(envelope, certificate: partnerA), Key(envelope));
        Assert.Equal(Key(envelope, certificate: partnerA), Key(envelope, certificate: partnerA));
        Assert.Equal(Key(envelope, shared, partnerA), Key(envelope, shared, partnerB));
    }

    [Fact]
    public void Binding_IsInTheKey_SoEachEncodingKeepsItsOwnReply()
    {
        var envelope = Envelope("urn:uuid:1", "http://router/a", """<GetOrders xmlns="urn:t"><n>5</n></GetOrders>""");

        Assert.NotEqual(Key(envelope, binding: "soap12Http"), Key(envelope, binding: "binaryHttp"));
    }

    [Theory]
    [InlineData("orders")]
    [InlineData("a:b#c")]
    [InlineData("12:odd")]
    public void CacheKey_TellsItsRouteAndAction(string route)
    {
        var key = CacheKey.Format(route, "http://x/y#frag", SHA256.HashData([1, 2, 3]));

        Assert.True(CacheKey.TryParse(key, out var parsedRoute, out var parsedAction));
        Assert.Equal((route, "http://x/y#frag"), (parsedRoute, parsedAction));
        Assert.False(CacheKey.TryParse("not a key", out _, out _));
    }

    private static RouteCachePolicy Policy(RouteCacheConfig? config = null) => new("orders", config ?? new RouteCacheConfig { Actions = [Action] });

    private static string Key(
        byte[] envelope, RouteCachePolicy? policy = null, System.Security.Cryptography.X509Certificates.X509Certificate2? certificate = null, string binding = "soap12Http")
    {
        policy ??= Policy();
        var parsed = Reader.ReadText(envelope, "/orders", transportAction: null, validateBody: true);
        Assert.True(parsed.Succeeded, parsed.ErrorMessage);
        using var view = parsed.Message!;
        return CacheKeyBuilder.TryBuild(policy, policy.Find(Action)!, binding, view, certificate)!;
    }

    private static byte[] Envelope(string messageId, string to, string body, string extraHeader = "") => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>{messageId}</a:MessageID><a:To s:mustUnderstand=\"1\">{to}</a:To>{extraHeader}"
        + $"</s:Header><s:Body>{body}</s:Body></s:Envelope>");
}
