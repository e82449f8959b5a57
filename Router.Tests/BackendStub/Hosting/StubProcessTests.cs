using System.Net;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The stub as scripts and docker run it: a real process, its printed endpoints, a real signal.</summary>
public sealed class StubProcessTests
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);

    [Fact]
    public async Task Run_PortZero_PrintsEndpoints_ServesEcho_ExitsZeroOnSigterm()
    {
        using var stub = StubProcess.Start("--http-port", "0", "--tcp-port", "0");
        var endpoints = await stub.WaitForEndpointsAsync(ProcessTimeout);

        Assert.Equal(["basicHttp", "soap12", "binary", "basicMtom", "soap12Mtom", "basicStreamed", "soap12Streamed", "binaryStreamed", "stats", "netTcp2004", "netTcp"], endpoints.Select(e => e.Name));
        var port = endpoints[0].Address.Port;
        Assert.NotEqual(0, port);
        Assert.All(endpoints.SkipLast(2), e => Assert.Equal(port, e.Address.Port));
        var netTcp = endpoints[^1].Address;
        Assert.Equal("net.tcp", netTcp.Scheme);
        Assert.NotEqual(0, netTcp.Port);
        Assert.Equal(new Uri($"net.tcp://127.0.0.1:{netTcp.Port}/tcp2004"), endpoints[^2].Address);

        using var client = new HttpClient();
        var soap12 = endpoints.Single(e => e.Name == "soap12").Address;
        var reply = await client.SendAsync(soap12, StubEnvelopes.Echo(WireBindings.Soap12Http, "from a process", soap12));
        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal("from a process", reply.ReadEcho()!.Text);
        using (var wcf = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, netTcp))
        {
            Assert.Equal("over net.tcp", (await wcf.Channel.EchoAsync(new EchoPayload { Text = "over net.tcp" })).Text);
        }

        stub.Terminate();
        Assert.Equal(0, await stub.WaitForExitAsync(ProcessTimeout));
    }

    [Fact]
    public async Task Run_BadArguments_PrintsEveryErrorAndHelp_ExitsTwo()
    {
        using var stub = StubProcess.Start("--http-port", "70000", "--colour", "red");

        Assert.Equal(2, await stub.WaitForExitAsync(ProcessTimeout));
        Assert.Contains("error: Option '--http-port' must be an integer from 0 to 65535; got '70000'.", stub.Output, StringComparison.Ordinal);
        Assert.Contains("error: Unknown option '--colour'.", stub.Output, StringComparison.Ordinal);
        Assert.Contains("Usage: BackendStub", stub.Output, StringComparison.Ordinal);
    }
}
