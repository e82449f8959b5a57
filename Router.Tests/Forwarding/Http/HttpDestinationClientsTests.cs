using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Forwarding.Http;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding.Http;

public sealed class HttpDestinationClientsTests
{
    private static readonly TimeSpan Drain = TimeSpan.FromMinutes(2);
    private readonly FakeTimeProvider _clock = new();

    [Fact]
    public void Get_SameDestinationTwice_ReturnsTheSameClient()
    {
        using var clients = new HttpDestinationClients(_clock, Drain);
        var cluster = HttpTestClusters.State("http://127.0.0.1:1/a");

        var first = clients.Get(cluster.Primaries[0], cluster.ConnectTimeout);
        var second = clients.Get(cluster.Primaries[0], cluster.ConnectTimeout);

        Assert.Same(first, second);
        Assert.Equal(1, clients.Count);
        Assert.Equal(new Uri("http://127.0.0.1:1/a"), first.Address);
    }

    [Fact]
    public void Get_NewClient_HandlerIsSetUpForVerbatimForwarding()
    {
        using var clients = new HttpDestinationClients(_clock, Drain, maxConnectionsPerServer: 300);
        var cluster = HttpTestClusters.State("http://127.0.0.1:1/a", connectTimeout: TimeSpan.FromSeconds(3));

        var handler = clients.Get(cluster.Primaries[0], cluster.ConnectTimeout).Handler;

        Assert.Equal(TimeSpan.FromSeconds(3), handler.ConnectTimeout);
        Assert.Equal(HttpDestinationClient.PooledConnectionLifetime, handler.PooledConnectionLifetime);
        Assert.Equal(DecompressionMethods.None, handler.AutomaticDecompression);
        Assert.False(handler.AllowAutoRedirect);
        Assert.False(handler.UseCookies);
        Assert.False(handler.UseProxy);
        Assert.Null(handler.ActivityHeadersPropagator);
        Assert.Equal(300, handler.MaxConnectionsPerServer);
    }

    [Fact]
    public void Retain_AfterReloadLeavingTheDestinationUnchanged_KeepsItsClient()
    {
        using var clients = new HttpDestinationClients(_clock, Drain);
        var before = HttpTestClusters.Build(Config("http://127.0.0.1:1/a"));
        var client = clients.Get(before["c"].Primaries[0], before["c"].ConnectTimeout);

        // A reload that changes something else (the request timeout) keeps the destination's state.
        var after = HttpTestClusters.Build(Config("http://127.0.0.1:1/a") with { RequestTimeout = TimeSpan.FromSeconds(9) }, before);
        clients.Retain(after);
        _clock.Advance(Drain * 2);

        Assert.Same(before["c"].Primaries[0], after["c"].Primaries[0]);
        Assert.Same(client, clients.Get(after["c"].Primaries[0], after["c"].ConnectTimeout));
        Assert.False(client.IsDisposed);
    }

    [Fact]
    public void Retain_AfterReloadMovingTheDestination_DisposesTheOldClientOnlyAfterTheDrainDelay()
    {
        using var clients = new HttpDestinationClients(_clock, Drain);
        var before = HttpTestClusters.Build(Config("http://127.0.0.1:1/a"));
        var old = clients.Get(before["c"].Primaries[0], before["c"].ConnectTimeout);

        var after = HttpTestClusters.Build(Config("http://127.0.0.1:2/a"), before);
        clients.Retain(after);

        Assert.Equal(0, clients.Count);
        Assert.False(old.IsDisposed);
        _clock.Advance(Drain - TimeSpan.FromSeconds(1));
        Assert.False(old.IsDisposed);
        _clock.Advance(TimeSpan.FromSeconds(1));
        Assert.True(old.IsDisposed);

        var replacement = clients.Get(after["c"].Primaries[0], after["c"].ConnectTimeout);
        Assert.NotSame(old, replacement);
        Assert.Equal(new Uri("http://127.0.0.1:2/a"), replacement.Address);
    }

    [Fact]
    public void Retain_AfterReloadChangingTheConnectTimeout_ReplacesTheClient()
    {
        using var clients = new HttpDestinationClients(_clock, Drain);
        var before = HttpTestClusters.Build(Config("http://127.0.0.1:1/a"));
        var old = clients.Get(before["c"].Primaries[0], before["c"].ConnectTimeout);

        var after = HttpTestClusters.Build(Config("http://127.0.0.1:1/a") with { ConnectTimeout = TimeSpan.FromSeconds(1) }, before);
        clients.Retain(after);
        _clock.Advance(Drain);

        Assert.True(old.IsDisposed);
        Assert.Equal(TimeSpan.FromSeconds(1), clients.Get(after["c"].Primaries[0], after["c"].ConnectTimeout).Handler.ConnectTimeout);
    }

    [Fact]
    public void Dispose_DisposesOpenAndDrainingClients()
    {
        var clients = new HttpDestinationClients(_clock, Drain);
        var before = HttpTestClusters.Build(Config("http://127.0.0.1:1/a"));
        var draining = clients.Get(before["c"].Primaries[0], before["c"].ConnectTimeout);
        var after = HttpTestClusters.Build(Config("http://127.0.0.1:2/a"), before);
        clients.Retain(after);
        var open = clients.Get(after["c"].Primaries[0], after["c"].ConnectTimeout);

        clients.Dispose();

        Assert.True(draining.IsDisposed);
        Assert.True(open.IsDisposed);
    }

    private static ClusterConfig Config(string address) =>
        new() { Destinations = [HttpTestClusters.Destination("p", address)] };
}
