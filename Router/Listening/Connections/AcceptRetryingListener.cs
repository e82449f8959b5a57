using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Connections;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// One bound endpoint whose <see cref="AcceptAsync"/> never throws a socket error at Kestrel's accept loop: the error
/// is recorded (health, /stats, one log line per interval) and the accept retried after <see cref="RetryDelay"/>.
/// Once the cause is gone (descriptors freed), the next accept takes the waiting connection and the streak ends.
/// </summary>
internal sealed class AcceptRetryingListener(
    IConnectionListener inner, EndPoint configured, ListenerConnections connections, TimeProvider timeProvider) : IConnectionListener
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
