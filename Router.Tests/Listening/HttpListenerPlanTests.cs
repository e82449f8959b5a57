using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Listening;
using SoapRouter.Tests.Configuration;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

public sealed class HttpListenerPlanTests
{
    [Fact]
    public void Build_ListenersSharingHostAndPort_ShareOneEndpoint_NetTcpIsNotStarted()
    {
        var plan = HttpListenerPlan.Build(
        [
            TestConfigs.Listener("a", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/a"),
            TestConfigs.Listener("b", WireBindingNames.Soap12Http, "http://127.0.0.1:8080/b/"),
            TestConfigs.Listener("c", WireBindingNames.BinaryHttp, "http://0.0.0.0:9090/c"),
            TestConfigs.Listener("t", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/t"),
        ]);

        Assert.Equal(2, plan.Endpoints.Count);
        var shared = plan.Endpoints.Single(e => e.Port == 8080);
        Assert.Equal(["a", "b"], shared.Listeners.Select(l => l.Name));
        Assert.Equal("b", shared.Find("/B")!.Name);
        Assert.Equal("/b", shared.Find("/b/")!.Path);
        Assert.Null(shared.Find("/c"));
        Assert.Equal(IPAddress.Any, plan.Endpoints.Single(e => e.Port == 9090).Address);
        Assert.Equal("t", Assert.Single(plan.NotStarted).Name);
    }

    [Fact]
    public void Build_HttpsAndHostNames_AreRefusedWithEveryProblemNamed()
    {
        var error = Assert.Throws<ArgumentException>(() => HttpListenerPlan.Build(
        [
            TestConfigs.Listener("secure", WireBindingNames.BasicHttp, "https://127.0.0.1:8443/a"),
            TestConfigs.Listener("named", WireBindingNames.BasicHttp, "http://router.example:8080/a"),
        ]));

        Assert.Contains("listener 'secure' (https://127.0.0.1:8443/a): https is not supported yet (TLS is not in this build)", error.Message, StringComparison.Ordinal);
        Assert.Contains("listener 'named' (http://router.example:8080/a): the host must be an IP address or localhost", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RootListener_ServesTheRootWithOrWithoutSlash()
    {
        var plan = HttpListenerPlan.Build([TestConfigs.Listener("root", WireBindingNames.BasicHttp, "http://127.0.0.1:8080")]);

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
