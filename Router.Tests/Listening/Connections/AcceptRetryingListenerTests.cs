using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Listening;
using SoapRouter.Listening.Connections;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>Kestrel ends an endpoint's accept loop on the first exception; the wrapper must keep it going and say so.</summary>
public sealed class AcceptRetryingListenerTests
{
    [Fact]
    public async Task AcceptFailsWithEmfile_IsCountedAndRetried_UntilAConnectionComes()
    {
        var clock = new FakeTimeProvider();
        var statistics = new RouterStatistics();
        var log = new CapturingLogger<ListenerConnections>();
        using var connections = new ListenerConnections(statistics, clock, log, maxConnections: 10);
        var endPoint = new IPEndPoint(IPAddress.Loopback, 0);
        connections.Register(endPoint, Endpoint());
        var inner = new ScriptedListener(failures: 3);
        var listener = new AcceptRetryingListener(inner, endPoint, connections, clock);

        var accepting = listener.AcceptAsync().AsTask();
        for (var i = 0; i < 3; i++)
        {
            var expected = i + 1;
            await Eventually.TrueAsync(() => Task.FromResult(inner.Calls == expected), "the accept was not retried");
            Assert.False(accepting.IsCompleted);
            Assert.False(Assert.Single(statistics.AllConnections).Snapshot().Accepting);
            clock.Advance(AcceptRetryingListener.RetryDelay);
        }

        var counters = Assert.Single(statistics.AllConnections);
        Assert.NotNull(await accepting.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.True(counters.Snapshot().Accepting);
        Assert.Equal(3, counters.Snapshot().AcceptErrors);

        // The failures are one warning line per interval, with their count.
        clock.Advance(ListenerConnections.ReportInterval);
        var warning = Assert.Single(log.Entries, entry => entry.Level == LogLevel.Warning);
        Assert.Contains("failed 3 times", warning.Message, StringComparison.Ordinal);
        Assert.Contains("TooManyOpenSockets", warning.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnboundWhileWaitingToRetry_EndsTheLoop()
    {
        var clock = new FakeTimeProvider();
        using var connections = new ListenerConnections(new RouterStatistics(), clock, NullLogger<ListenerConnections>.Instance, maxConnections: 10);
        var inner = new ScriptedListener(failures: int.MaxValue);
        var listener = new AcceptRetryingListener(inner, new IPEndPoint(IPAddress.Loopback, 0), connections, clock);

        var accepting = listener.AcceptAsync().AsTask();
        await Eventually.TrueAsync(() => Task.FromResult(inner.Calls == 1), "the accept was not tried");
        await listener.UnbindAsync();

        Assert.Null(await accepting.WaitAsync(TimeSpan.FromSeconds(5)));
    }

    [Fact]
    public async Task ReserveWouldBeEatenInto_AcceptWaitsWithoutTakingAConnection_UntilDescriptorsComeFree()
    {
        var clock = new FakeTimeProvider();
        using var connections = new ListenerConnections(new RouterStatistics(), clock, NullLogger<ListenerConnections>.Instance, maxConnections: 10);
        var files = new FakeOpenFiles(100, 100) { Open = 95 };
        using var reserve = new DescriptorReserve(files, 10, () => connections.Open, clock, NullLogger<DescriptorReserve>.Instance);
        var inner = new ScriptedListener(failures: 0);
        var listener = new AcceptRetryingListener(inner, new IPEndPoint(IPAddress.Loopback, 0), connections, clock, reserve);

        var accepting = listener.AcceptAsync().AsTask();
        clock.Advance(DescriptorReserve.PollInterval);
        Assert.False(accepting.IsCompleted);
        Assert.Equal(0, inner.Calls);

        files.Open = 50;
        clock.Advance(DescriptorReserve.SampleInterval);

        Assert.NotNull(await accepting.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Equal(1, inner.Calls);
    }

    [Fact]
    public async Task UnboundWhileWaitingForTheReserve_EndsTheLoop()
    {
        var clock = new FakeTimeProvider();
        using var connections = new ListenerConnections(new RouterStatistics(), clock, NullLogger<ListenerConnections>.Instance, maxConnections: 10);
        using var reserve = new DescriptorReserve(
            new FakeOpenFiles(100, 100) { Open = 100 }, 10, () => connections.Open, clock, NullLogger<DescriptorReserve>.Instance);
        var inner = new ScriptedListener(failures: 0);
        var listener = new AcceptRetryingListener(inner, new IPEndPoint(IPAddress.Loopback, 0), connections, clock, reserve);

        var accepting = listener.AcceptAsync().AsTask();
        await listener.UnbindAsync();

        Assert.Null(await accepting.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Equal(0, inner.Calls);
    }

    [Fact]
    public async Task ListenerConnection_IsOpenFromItsAcceptToTheEndOfItsMiddleware_AdminOnesAreNotCounted()
    {
        var clock = new FakeTimeProvider();
        using var connections = new ListenerConnections(new RouterStatistics(), clock, NullLogger<ListenerConnections>.Instance, maxConnections: 10);
        var endPoint = new IPEndPoint(IPAddress.Loopback, 0);
        var middleware = connections.Register(endPoint, Endpoint());
        var served = new TaskCompletionSource();
        var run = middleware(_ => served.Task);

        connections.AcceptSucceeded(new IPEndPoint(IPAddress.Parse("10.0.0.1"), 9901));
        Assert.Equal(0, connections.Open);
        Assert.True(connections.IsListener(endPoint));
        Assert.False(connections.IsListener(new IPEndPoint(IPAddress.Parse("10.0.0.1"), 9901)));

        connections.AcceptSucceeded(endPoint);
        Assert.Equal(1, connections.Open);
        var serving = run(new DefaultConnectionContext());
        Assert.Equal(1, connections.Open);
        served.SetResult();
        await serving;

        Assert.Equal(0, connections.Open);
    }

    private static ListenerEndpoint Endpoint()
    {
        var config = TestConfigs.Listener("basic", WireBindingNames.BasicHttp, "http://127.0.0.1:0/router/basic");
        var listener = new SoapListener(config, WireBindings.BasicHttp, new Uri(config.Address));
        return new ListenerEndpoint(IPAddress.Loopback, 0, [listener]);
    }

    /// <summary>Fails the first accepts with EMFILE, then hands out one connection.</summary>
    private sealed class ScriptedListener(int failures) : IConnectionListener
    {
        private int _calls;

        public int Calls => Volatile.Read(ref _calls);

        public EndPoint EndPoint { get; } = new IPEndPoint(IPAddress.Loopback, 1);

        public ValueTask<ConnectionContext?> AcceptAsync(CancellationToken cancellationToken = default)
        {
            if (Interlocked.Increment(ref _calls) <= failures)
            {
                throw new SocketException((int)SocketError.TooManyOpenSockets);
            }

            return ValueTask.FromResult<ConnectionContext?>(new DefaultConnectionContext());
        }

        public ValueTask UnbindAsync(CancellationToken cancellationToken = default) => ValueTask.CompletedTask;

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
