using System.Net;
using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Pipeline;

/// <summary>msbin1 messages (WCF's binary encoder, static dictionary) are routed by action, header and body like text ones.</summary>
public sealed class BinaryRoutingTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    [Theory]
    [InlineData("urn:special", "", "<Item>1</Item>", "by-action")]
    [InlineData("urn:echo", "<t:Tenant xmlns:t=\"urn:tenant\">acme</t:Tenant>", "<Item>1</Item>", "by-header")]
    [InlineData("urn:echo", "", "<Item>7</Item><Item>3</Item>", "by-body")]
    [InlineData("urn:echo", "<t:Tenant xmlns:t=\"urn:tenant\">other</t:Tenant>", "<Item>1</Item>", "default")]
    public async Task BinaryMessage_IsRoutedByActionHeaderAndBody(string action, string header, string items, string expected)
    {
        var backends = new Dictionary<string, RecordingBackend>();
        foreach (var name in new[] { "by-action", "by-header", "by-body", "default" })
        {
            backends[name] = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Msbin1ContentType));
        }

        try
        {
            var routes = new[]
            {
                TestConfigs.Route("by-action", "by-action", TestConfigs.Action("urn:special")),
                TestConfigs.Route("by-header", "by-header", new FilterConfig { Type = FilterTypes.Header, Name = "Tenant", Namespace = "urn:tenant", Value = "acme" }),
                TestConfigs.Route("by-body", "by-body", new FilterConfig
                {
                    Type = FilterTypes.XPath,
                    Expression = "/t:Echo/t:Item = '3'",
                    Namespaces = new Dictionary<string, string> { ["t"] = "urn:test" },
                }),
                TestConfigs.Route("default", "default", TestConfigs.MatchAll()),
            };
            var clusters = backends.ToDictionary(
                pair => pair.Key,
                pair => ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [pair.Value.Address("/binary")], prefix: pair.Key));
            await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(routes, clusters));
            var body = SoapMessages.ToMsbin1(Soap12(action, header, items));
            using var request = SoapMessages.Request(router.Address("binary"), "binary", body);

            using var response = await Client.SendAsync(request);

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            foreach (var (name, backend) in backends)
            {
                Assert.Equal(name == expected ? 1 : 0, backend.Requests.Count);
            }

            Assert.Equal(1, router.Statistics.Snapshot().Routes[expected].Messages);
        }
        finally
        {
            foreach (var backend in backends.Values)
            {
                await backend.DisposeAsync();
            }
        }
    }

    private static byte[] Soap12(string action, string header, string items) => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{action}</a:Action><a:MessageID>urn:uuid:00000000-0000-0000-0000-000000000009</a:MessageID>"
        + $"<a:To s:mustUnderstand=\"1\">http://router/binary</a:To>{header}</s:Header>"
        + $"<s:Body><Echo xmlns=\"urn:test\">{items}</Echo></s:Body></s:Envelope>");
}
