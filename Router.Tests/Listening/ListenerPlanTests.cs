using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Listening;
using SoapRouter.Tests.Configuration;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

public sealed class ListenerPlanTests
{
    [Fact]
    public void Build_ListenersSharingHostAndPort_ShareOneEndpoint_NetTcpHasItsOwn()
    {
        var plan = ListenerPlan.Build(
        [
            TestConfigs.Listener("a", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/a"),
            TestConfigs.Listener("b", WireBindingNames.Soap12Http, "http://127.0.0.1:8080/b/"),
            TestConfigs.Listener("c", WireBindingNames.BinaryHttp, "http://0.0.0.0:9090/c"),
            TestConfigs.Listener("t", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/t"),
            TestConfigs.Listener("u", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/u"),
        ]);

        Assert.Equal(3, plan.Endpoints.Count);
        var netTcp = plan.Endpoints.Single(e => e.Port == 8808);
        Assert.True(netTcp.IsNetTcp);
        Assert.Equal(["t", "u"], netTcp.Listeners.Select(l => l.Name));
        Assert.Equal("u", netTcp.Find("/u")!.Name);
        Assert.Empty(plan.NotStarted);
        var shared = plan.Endpoints.Single(e => e.Port == 8080);
        Assert.Equal(["a", "b"], shared.Listeners.Select(l => l.Name));
        Assert.Equal("b", shared.Find("/B")!.Name);
        Assert.Equal("/b", shared.Find("/b/")!.Path);
        Assert.Null(shared.Find("/c"));
        Assert.Equal(IPAddress.Any, plan.Endpoints.Single(e => e.Port == 9090).Address);
        Assert.False(shared.IsNetTcp);
    }

    [Fact]
    public void Build_HttpsWithoutTlsAndHostNames_AreRefusedWithEveryProblemNamed()
    {
        var error = Assert.Throws<ArgumentException>(() => ListenerPlan.Build(
        [
            TestConfigs.Listener("secure", WireBindingNames.BasicHttp, "https://127.0.0.1:8443/a"),
            TestConfigs.Listener("named", WireBindingNames.BasicHttp, "http://router.example:8080/a"),
        ]));

        Assert.Contains("listener 'secure' (https://127.0.0.1:8443/a): https needs a tls section", error.Message, StringComparison.Ordinal);
        Assert.Contains("listener 'named' (http://router.example:8080/a): the host must be an IP address or localhost", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RootListener_ServesTheRootWithOrWithoutSlash()
    {
        var plan = ListenerPlan.Build([TestConfigs.Listener("root", WireBindingNames.BasicHttp, "http://127.0.0.1:8080")]);

        var endpoint = Assert.Single(plan.Endpoints);
        Assert.NotNull(endpoint.Find("/"));
        Assert.NotNull(endpoint.Find(""));
        Assert.Equal("/", endpoint.Listeners[0].Path);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "text/xml", true)]
    [InlineData(WireBindingNames.BasicHttp, "TEXT/XML ; charset=utf-8", true)]
    [InlineData(WireBindingNames.BasicHttp, "text/xml-ish", false)]
    [InlineData(WireBindingNames.Soap12Http, "application/soap+xml; charset=utf-8; action=\"urn:a\"", true)]
    [InlineData(WireBindingNames.Soap12Http, "text/xml", false)]
    [InlineData(WireBindingNames.BinaryHttp, "application/soap+msbin1", true)]
    [InlineData(WireBindingNames.BinaryHttp, "application/soap+msbin1+gzip", false)]
    public void Accepts_MatchesTheMediaTypeIgnoringCaseAndParameters(string binding, string contentType, bool accepted) =>
        Assert.Equal(accepted, SoapRouter.Wire.Bindings.WireBindings.Get(binding).Accepts(contentType));
}
