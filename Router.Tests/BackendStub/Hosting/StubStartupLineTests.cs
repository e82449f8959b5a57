using BackendStub.Hosting;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Hosting;

public sealed class StubStartupLineTests
{
    [Fact]
    public async Task StartupLines_ParseAndNameTheBoundPort_ThenReady()
    {
        await using var stub = await RunningStub.StartAsync();

        var lines = stub.Host.StartupLines.ToList();

        Assert.Equal(StubEndpointLine.Ready, lines[^1]);
        var parsed = lines[..^1].Select(line => StubEndpointLine.TryParse(line, out var endpoint) ? endpoint! : throw new InvalidOperationException(line)).ToList();
        Assert.Equal(stub.Host.Endpoints, parsed);
        Assert.Equal($"endpoint basicHttp http://127.0.0.1:{stub.Address(WireBindings.BasicHttp).Port}/basic", lines[0]);
        Assert.NotEqual(0, parsed[0].Address.Port);
        Assert.DoesNotContain(lines, line => line.Contains("netTcp", StringComparison.Ordinal));
    }

    [Fact]
    public async Task StartupLines_TcpPortAsked_NameTheNetTcpEndpointOnItsBoundPort()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();

        var lines = stub.Host.StartupLines.ToList();

        var netTcp = stub.Address(WireBindings.NetTcp);
        Assert.Equal($"endpoint netTcp net.tcp://127.0.0.1:{netTcp.Port}/tcp", lines[^2]);
        Assert.NotEqual(0, netTcp.Port);
        Assert.NotEqual(stub.Address(WireBindings.BasicHttp).Port, netTcp.Port);
        Assert.True(StubEndpointLine.TryParse(lines[^2], out var parsed));
        Assert.Equal(new StubEndpoint("netTcp", netTcp), parsed);
    }

    [Theory]
    [InlineData("")]
    [InlineData("ready")]
    [InlineData("endpoint soap12")]
    [InlineData("endpoint soap12 not-a-uri")]
    [InlineData("endpoints soap12 http://127.0.0.1:1/soap12")]
    public void TryParse_OtherLines_AreNotEndpoints(string line) =>
        Assert.False(StubEndpointLine.TryParse(line, out _));

    [Fact]
    public async Task Start_PortTaken_ThrowsIOException()
    {
        await using var first = await RunningStub.StartAsync();
        await using var second = new StubHost(new StubOptions { HttpPort = first.Address(WireBindings.BasicHttp).Port });

        await Assert.ThrowsAnyAsync<IOException>(() => second.StartAsync());
    }
}
