using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Forwarding;

/// <summary>
/// The senders of every kind of destination, built once by the router's DI, and the one rule that picks among them per
/// attempt (<see cref="ForwardingPaths"/>): an HTTP destination of the message's own binding gets the received bytes
/// (verbatim), a net.tcp one a session's message (its msbin1 bytes when it can, see <see cref="NetTcpSender"/>), any other HTTP one a re-encoded request.
/// </summary>
internal sealed class DestinationSenders(ILogger<DestinationSenders> logger)
{
    private readonly HttpVerbatimSender _verbatim = new();
    private readonly HttpReencodedSender _reencoded = new(logger);
    private readonly NetTcpSender _netTcp = new(logger);

    /// <summary>The sender for a message of <paramref name="source"/>'s binding to <paramref name="destination"/>; the attempt's span is tagged with its path.</summary>
    public IDestinationSender For(WireBinding source, DestinationState destination)
    {
        var path = ForwardingPaths.Between(source, destination);
        RouterTracing.CurrentAttempt?.SetTag(SpanTags.Path, ForwardingPaths.TagOf(path));
        if (path == ForwardingPath.Verbatim)
        {
            return _verbatim;
        }

        return destination.Binding.IsSession ? _netTcp : _reencoded;
    }

    /// <summary>A reply as an attempt's result: a fault as a fault, anything else a success.</summary>
    internal static AttemptResult<DestinationReply> Replied(DestinationReply reply) =>
        reply.IsFault ? AttemptResult<DestinationReply>.Fault(reply) : AttemptResult<DestinationReply>.Success(reply);
}
