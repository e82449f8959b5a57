using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Connections;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// One bound endpoint whose <see cref="AcceptAsync"/> never throws a socket error at Kestrel's accept loop: the error
/// is recorded (health, /stats, one log line per interval) and the accept retried after <see cref="RetryDelay"/>.
/// Once the cause is gone (descriptors freed), the next accept takes the waiting connection and the streak ends. A
/// listener's endpoint given a <paramref name="reserve"/> does not accept while that would eat into it, nor, given
/// <paramref name="memory"/>, while memory is over limits.memoryHighWatermark (Envoy's overload manager stops accepting
/// too: each TLS connection holds ~66 KB that no message gate counts) or the connections
/// open fill what the container's memory holds (<see cref="MemoryPressure.ConnectionCapacity"/>). The admin endpoint has neither: /health answers
/// while the listeners wait; waiting connections stay in the kernel's backlog.
/// </summary>
internal sealed class AcceptRetryingListener(
    IConnectionListener inner,
    EndPoint configured,
    ListenerConnections connections,
    TimeProvider timeProvider,
    DescriptorReserve? reserve = null,
    MemoryPressure? memory = null)
    : IConnectionListener
{
    /// <summary>The pause between a failed accept and the next try: short, so accepting resumes soon, long enough not to spin.</summary>
    public static readonly TimeSpan RetryDelay = TimeSpan.FromMilliseconds(500);

    // Never disposed: it has no timer, and an accept still finishing may read its token.
    private readonly CancellationTokenSource _unbound = new();

    /// <inheritdoc />
    public EndPoint EndPoint => inner.EndPoint;

    /// <inheritdoc />
    public async ValueTask<ConnectionContext?> AcceptAsync(CancellationToken cancellationToken = default)
    {
        while (true)
        {
            if (reserve is { HasRoom: false } && !await WaitForRoomAsync(reserve).ConfigureAwait(false))
            {
                return null;
            }

            if (memory is not null && memory.ShouldHoldAccepts(connections.Open) && !await WaitForMemoryAsync(memory).ConfigureAwait(false))
            {
                return null;
            }

            try
            {
                var connection = await inner.AcceptAsync(cancellationToken).ConfigureAwait(false);
                if (connection is not null)
                {
                    connections.AcceptSucceeded(configured);
                }

                return connection;
            }
            catch (SocketException exception) when (!_unbound.IsCancellationRequested)
            {
                connections.AcceptFailed(configured, exception);
            }

            try
            {
                await Task.Delay(RetryDelay, timeProvider, _unbound.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                // Unbound while waiting to retry: the accept loop ends as it would on a closed listener.
                return null;
            }
        }
    }

    /// <summary>Waits while accepting would take a reserved descriptor (recorded on the endpoint); false when unbound meanwhile.</summary>
    private async ValueTask<bool> WaitForRoomAsync(DescriptorReserve descriptors)
    {
        connections.ReserveWaitStarted(configured);
        try
        {
            await descriptors.WaitForRoomAsync(_unbound.Token).ConfigureAwait(false);
            return true;
        }
        catch (OperationCanceledException)
        {
            // Unbound while waiting: the accept loop ends as it would on a closed listener.
            return false;
        }
        finally
        {
            connections.ReserveWaitEnded(configured);
        }
    }

    /// <summary>Waits while memory is over the high watermark or holds no more connections; false when unbound meanwhile.</summary>
    private async ValueTask<bool> WaitForMemoryAsync(MemoryPressure pressure)
    {
        try
        {
            await pressure.WaitForRoomAsync(() => connections.Open, _unbound.Token).ConfigureAwait(false);
            return true;
        }
        catch (OperationCanceledException)
        {
            // Unbound while waiting: the accept loop ends as it would on a closed listener.
            return false;
        }
    }

    /// <inheritdoc />
    public ValueTask UnbindAsync(CancellationToken cancellationToken = default)
    {
        _unbound.Cancel();
        return inner.UnbindAsync(cancellationToken);
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        _unbound.Cancel();
        await inner.DisposeAsync().ConfigureAwait(false);
    }
}
