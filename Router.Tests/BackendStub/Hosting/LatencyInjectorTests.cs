using BackendStub.Hosting;
using SoapRouter.Wire.Bindings;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.BackendStub.Hosting;

public sealed class LatencyInjectorTests
{
    [Fact]
    public async Task DelayAsync_CompletesOnlyAfterFakeClockAdvancesByLatency()
    {
        var clock = new FakeTimeProvider();
        var injector = new LatencyInjector(TimeSpan.FromMilliseconds(250), clock);

        var delay = injector.DelayAsync().AsTask();
        Assert.False(delay.IsCompleted);

        clock.Advance(TimeSpan.FromMilliseconds(249));
        Assert.False(delay.IsCompleted);

        clock.Advance(TimeSpan.FromMilliseconds(1));
        await delay.WaitAsync(TimeSpan.FromSeconds(5));
        Assert.True(delay.IsCompletedSuccessfully);
    }

    [Fact]
    public void DelayAsync_ZeroLatency_CompletesSynchronously()
    {
        var injector = new LatencyInjector(TimeSpan.Zero, new FakeTimeProvider());

        var delay = injector.DelayAsync().AsTask();

        Assert.True(delay.IsCompletedSuccessfully);
    }

    [Fact]
    public async Task DelayAsync_Cancelled_EndsWithoutTheClockMoving()
    {
        using var cancellation = new CancellationTokenSource();
        var injector = new LatencyInjector(TimeSpan.FromSeconds(10), new FakeTimeProvider());

        var delay = injector.DelayAsync(cancellation.Token).AsTask();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => delay.WaitAsync(TimeSpan.FromSeconds(5)));
    }
}

public sealed class StubLatencyEndpointTests
{
    [Fact]
    public async Task PutLatency_ChangesTheInjectedLatency_AndRefusesANonNumber()
    {
        await using var stub = await RunningStub.StartAsync();
        var stats = stub.Address(WireBinding.BasicHttp);
        var latency = new Uri(stats, StubHost.LatencyPath + "?ms=1500");

        using var set = await stub.Client.PutAsync(latency, content: null);
        using var bad = await stub.Client.PutAsync(new Uri(stats, StubHost.LatencyPath + "?ms=soon"), content: null);

        Assert.Equal(System.Net.HttpStatusCode.OK, set.StatusCode);
        Assert.Equal(TimeSpan.FromMilliseconds(1500), stub.Host.Latency.Latency);
        Assert.Equal(System.Net.HttpStatusCode.BadRequest, bad.StatusCode);
        Assert.Equal(TimeSpan.FromMilliseconds(1500), stub.Host.Latency.Latency);
    }
}
