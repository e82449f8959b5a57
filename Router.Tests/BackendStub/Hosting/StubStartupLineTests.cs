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
        Assert.DoesNotContain(lines, line => line.StartsWith(StubEndpointLine.UnavailableKeyword, StringComparison.Ordinal));
    }

    [Fact]
    public async Task StartupLines_TcpPortAsked_SayNetTcpIsUnavailable()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { TcpPort = 8808 });

        var line = Assert.Single(stub.Host.StartupLines, l => l.StartsWith(StubEndpointLine.UnavailableKeyword, StringComparison.Ordinal));

        Assert.StartsWith("unavailable netTcp ", line, StringComparison.Ordinal);
        Assert.Contains("8808", line, StringComparison.Ordinal);
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
