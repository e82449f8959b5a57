using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Tests.Forwarding.Http;

/// <summary>The verbatim HTTP transport as an attempt sender, for driving it with the real <see cref="Forwarder"/> alone (the router sends through MessageSender).</summary>
internal sealed class VerbatimAttemptSender(HttpVerbatimTransport transport, ClusterState cluster, RawSoapRequest request) : IAttemptSender<RawSoapReply>
{
    /// <inheritdoc />
    public ValueTask<AttemptResult<RawSoapReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken) =>
        transport.SendAsync(destination, cluster.ConnectTimeout, request, cancellationToken);
}
