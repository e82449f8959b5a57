using System.Diagnostics;
using System.Net.Sockets;
using System.Threading.Tasks.Sources;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Framing;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// What <see cref="NetTcpFramingClient"/> allocates per 1 KB round trip on its hot path (a send from a buffer with room
/// in front, a reply that arrives whole), against a scripted server that echoes every byte after the preamble back
/// (so each Sized Envelope comes back as the reply) and allocates nothing itself. The process's count is taken, so it
/// runs alone.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class NetTcpFramingClientAllocationTests(ITestOutputHelper output)
{
    // Measured 2026-12-04: 0 B per round trip (the client's receive loop and sends, the echo and this test's waits
    // together), 45-90 us each on the 2-core box. The budget leaves room for a stray thread-pool wait, not for an object
    // per message.
    private const long MaxBytesPerRoundTrip = 64;

    [ReleaseFact]
    public async Task RoundTrip1KB_AllocatesNothingPerMessage()
    {
        await using var server = new ScriptedFramingServer(EchoAsync);
        var handler = new CountingHandler();
        await using var client = await NetTcpFramingClient.ConnectAsync(server.Via, NetTcpFramingClientOptions.Default, handler, NullLogger.Instance, CancellationToken.None);
        var room = FramingRecordWriter.MaxSizedEnvelopeHeadLength;
        var buffer = new byte[room + 1024];
        Random.Shared.NextBytes(buffer.AsSpan(room));

        await RoundTripsAsync(client, handler, buffer, room, 2000);
        var fewest = long.MaxValue;
        var fastest = TimeSpan.MaxValue;
        for (var run = 0; run < 3; run++)
        {
            var before = GC.GetTotalAllocatedBytes(precise: true);
            var started = Stopwatch.GetTimestamp();
            await RoundTripsAsync(client, handler, buffer, room, 5000);
            fastest = TimeSpan.FromTicks(Math.Min(fastest.Ticks, Stopwatch.GetElapsedTime(started).Ticks));
            fewest = Math.Min(fewest, (GC.GetTotalAllocatedBytes(precise: true) - before) / 5000);
        }

        output.WriteLine($"{fewest} B and {fastest.TotalMicroseconds / 5000:0.0} us per 1 KB round trip (client and echo together)");
        Assert.True(fewest <= MaxBytesPerRoundTrip, $"{fewest} B allocated per round trip; budget {MaxBytesPerRoundTrip} B");
    }

    private static async Task RoundTripsAsync(NetTcpFramingClient client, CountingHandler handler, byte[] buffer, int room, int count)
    {
        for (var i = 0; i < count; i++)
        {
            await client.SendAsync(buffer, room, buffer.Length - room, CancellationToken.None);
            await handler.NextAsync();
        }
    }

    /// <summary>Acks the preamble, then sends back every byte it receives.</summary>
    private static async Task EchoAsync(Socket socket)
    {
        await ScriptedFramingServer.AckAsync(socket);
        var buffer = new byte[64 * 1024];
        int read;
        while ((read = await socket.ReceiveAsync(buffer.AsMemory(), SocketFlags.None)) > 0)
        {
            await socket.SendAsync(buffer.AsMemory(0, read), SocketFlags.None);
        }
    }

    /// <summary>Signals each reply to the one waiter through a reusable awaitable (the test's wait allocates nothing either).</summary>
    private sealed class CountingHandler : INetTcpFramingClientHandler, IValueTaskSource
    {
        private ManualResetValueTaskSourceCore<bool> _reply = new() { RunContinuationsAsynchronously = true };

        /// <summary>Completes when the reply to the last request has arrived; one waiter at a time.</summary>
        public ValueTask NextAsync() => new(this, _reply.Version);

        public void OnPayload(ReadOnlySpan<byte> payload) => _reply.SetResult(true);

        public void OnEnded(NetTcpFramingEnd end)
        {
            if (!end.IsGraceful && end.Reason != NetTcpFramingEndReason.Aborted)
            {
                _reply.SetException(end.ToException(new Uri("net.tcp://echo/")));
            }
        }

        void IValueTaskSource.GetResult(short token)
        {
            try
            {
                _reply.GetResult(token);
            }
            finally
            {
                _reply.Reset();
            }
        }

        ValueTaskSourceStatus IValueTaskSource.GetStatus(short token) => _reply.GetStatus(token);

        void IValueTaskSource.OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
            _reply.OnCompleted(continuation, state, token, flags);
    }
}
