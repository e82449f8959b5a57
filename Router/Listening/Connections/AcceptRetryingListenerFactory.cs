using System.Net;
using Microsoft.AspNetCore.Connections;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// Wraps the socket transport so that every bound endpoint's accept loop survives a failed accept (out of file
/// descriptors, say): Kestrel ends an endpoint's accept loop for good on the first exception, leaving a listener that
/// never accepts again; wrapped, the failure is recorded and accepting is retried after a short pause. The listeners'
/// endpoints (not the admin one) also keep the file-descriptor <paramref name="reserve"/> and stop accepting while
/// <paramref name="memory"/> is high.
/// </summary>
internal sealed class AcceptRetryingListenerFactory(
    IConnectionListenerFactory inner, ListenerConnections connections, DescriptorReserve reserve, TimeProvider timeProvider, MemoryPressure? memory = null)
    : IConnectionListenerFactory, IConnectionListenerFactorySelector
{
    /// <inheritdoc />
    public async ValueTask<IConnectionListener> BindAsync(EndPoint endpoint, CancellationToken cancellationToken = default)
    {
        var listener = await inner.BindAsync(endpoint, cancellationToken).ConfigureAwait(false);

        // Counted under the object Kestrel was configured with (known to ListenerConnections), not the bound copy.
        return connections.IsListener(endpoint)
            ? new AcceptRetryingListener(listener, endpoint, connections, timeProvider, reserve, memory)
            : new AcceptRetryingListener(listener, endpoint, connections, timeProvider);
    }

    /// <inheritdoc />
    public bool CanBind(EndPoint endpoint) => inner is not IConnectionListenerFactorySelector selector || selector.CanBind(endpoint);
}
