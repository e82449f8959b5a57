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
        clock.Advance(IntervalCount.DefaultInterval);
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
        using var taken = new ReserveTaken();

        var accepting = taken.Listener.AcceptAsync().AsTask();
        taken.Clock.Advance(DescriptorReserve.PollInterval);
        Assert.False(accepting.IsCompleted);
        Assert.Equal(0, taken.Inner.Calls);
        Assert.True(taken.Counters.WaitingForReserve);
        Assert.False(taken.Counters.Snapshot().Accepting);

        taken.Files.Open = 50;
        taken.Clock.Advance(DescriptorReserve.SampleInterval);

        // The wait looks again every PollInterval; its next look may be set after the advance above (a loaded thread
        // pool runs the last look's continuation late), so the clock moves on until it has looked.
        await Eventually.TrueAsync(() =>
        {
            taken.Clock.Advance(DescriptorReserve.PollInterval);
            return Task.FromResult(accepting.IsCompleted);
        }, "the accept did not resume once descriptors came free");
        Assert.NotNull(await accepting);
        Assert.Equal(1, taken.Inner.Calls);
        Assert.Equal(1, taken.Counters.Snapshot().ReservePauses);
        Assert.True(taken.Counters.Snapshot().Accepting);
    }

    [Fact]
    public async Task UnboundWhileWaitingForTheReserve_EndsTheLoop()
    {
        using var taken = new ReserveTaken();

        var accepting = taken.Listener.AcceptAsync().AsTask();
        await taken.Listener.UnbindAsync();

        Assert.Null(await accepting.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Equal(0, taken.Inner.Calls);
        Assert.False(taken.Counters.WaitingForReserve);
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

    [Fact]
    public async Task WhileMemoryIsHigh_NoConnectionIsAccepted_AndAcceptingResumesAtTheLowWatermark()
    {
        var clock = new FakeTimeProvider();
        using var connections = new ListenerConnections(new RouterStatistics(), clock, NullLogger<ListenerConnections>.Instance, maxConnections: 10);
        long resident = 240L << 20; // 0.94 of 256 MB
        using var memory = new MemoryPressure(
            0.85, 0.75, () => new MemoryReading(0, 1L << 30, Volatile.Read(ref resident), 256L << 20), () => { }, clock, NullLogger.Instance);
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.True(memory.IsHigh);
        var inner = new ScriptedListener(failures: 0);
        var listener = new AcceptRetryingListener(inner, new IPEndPoint(IPAddress.Loopback, 0), connections, clock, memory: memory);

        var accepting = listener.AcceptAsync().AsTask();
        clock.Advance(MemoryPressure.SampleInterval * 3);
        Assert.False(accepting.IsCompleted);
        Assert.Equal(0, inner.Calls);
        Assert.Equal(1, memory.AcceptPauses);

        Volatile.Write(ref resident, 150L << 20); // 0.59
        await Eventually.TrueAsync(() =>
        {
            clock.Advance(MemoryPressure.SampleInterval);
            return Task.FromResult(accepting.IsCompleted);
        }, "accepting did not resume once memory fell");
        Assert.NotNull(await accepting);
        Assert.Equal(1, inner.Calls);
    }

    private static ListenerEndpoint Endpoint()
    {
        var config = TestConfigs.Listener("basic", WireBindingNames.BasicHttp, "http://127.0.0.1:0/router/basic");
        var listener = new SoapListener(config, WireBindings.BasicHttp, new Uri(config.Address));
        return new ListenerEndpoint(IPAddress.Loopback, 0, [listener]);
    }

    /// <summary>A listener's accept loop on a fake clock whose file-descriptor reserve (10 of 100) is taken: 95 are open.</summary>
    private sealed class ReserveTaken : IDisposable
    {
        private readonly ListenerConnections _connections;
        private readonly DescriptorReserve _reserve;

        public ReserveTaken()
        {
            var statistics = new RouterStatistics();
            _connections = new ListenerConnections(statistics, Clock, NullLogger<ListenerConnections>.Instance, maxConnections: 10);
            var endPoint = new IPEndPoint(IPAddress.Loopback, 0);
            _connections.Register(endPoint, Endpoint());
            Counters = Assert.Single(statistics.AllConnections);
            _reserve = new DescriptorReserve(Files, 10, () => _connections.Open, Clock, NullLogger<DescriptorReserve>.Instance);
            Listener = new AcceptRetryingListener(Inner, endPoint, _connections, Clock, _reserve);
        }

        public ConnectionCounters Counters { get; }

        public FakeTimeProvider Clock { get; } = new();

        public FakeOpenFiles Files { get; } = new(100, 100) { Open = 95 };

        public ScriptedListener Inner { get; } = new(failures: 0);

        public AcceptRetryingListener Listener { get; }

        public void Dispose()
        {
            _reserve.Dispose();
            _connections.Dispose();
        }
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
