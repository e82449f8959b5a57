using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// Forwards one received message, unchanged, to whichever destination the forwarder tries: the per-message
/// <see cref="IAttemptSender{T}"/> of the verbatim HTTP path, so the forwarding loop needs no closure.
/// </summary>
internal sealed class HttpVerbatimSender : IAttemptSender<RawSoapReply>
{
    private readonly HttpVerbatimTransport _transport;
    private readonly ClusterState _cluster;
    private readonly RawSoapRequest _request;

    /// <summary>Prepares to send <paramref name="request"/> to destinations of <paramref name="cluster"/> over <paramref name="transport"/>.</summary>
    public HttpVerbatimSender(HttpVerbatimTransport transport, ClusterState cluster, RawSoapRequest request)
    {
        ArgumentNullException.ThrowIfNull(transport);
        ArgumentNullException.ThrowIfNull(cluster);
        _transport = transport;
        _cluster = cluster;
        _request = request;
    }

    /// <inheritdoc />
    public ValueTask<AttemptResult<RawSoapReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken) =>
        _transport.SendAsync(destination, _cluster.ConnectTimeout, _request, cancellationToken);
}
