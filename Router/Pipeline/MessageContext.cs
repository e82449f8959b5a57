using System.Diagnostics;
using SoapRouter.Listening;
using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// One message from its first byte to its answer, made once by the listener that received it (HTTP and net.tcp alike)
/// and taken by each step of the path in turn: the listener and the config state it is handled on, its span, the bytes
/// received (<see cref="Inbound"/>), what reading found (<see cref="Received"/>), the route and cluster chosen, and its
/// one outcome. Each step adds what it decides; no step reaches back into an earlier layer, and nothing is ambient.
/// </summary>
internal sealed class MessageContext
{
    private InboundMessage? _inbound;
    private string? _unreadMessageId;
    private int _recorded;

    /// <summary>Begins a message on <paramref name="listener"/>, handled on <paramref name="state"/> whatever a reload does meanwhile.</summary>
    public MessageContext(SoapListener listener, PipelineState state, Activity? activity = null)
    {
        ArgumentNullException.ThrowIfNull(listener);
        ArgumentNullException.ThrowIfNull(state);
        Listener = listener;
        State = state;
        Activity = activity;
    }

    /// <summary>The listener the message arrived on.</summary>
    public SoapListener Listener { get; }

    /// <summary>The state of the config the message is handled on, from its start to its answer.</summary>
    public PipelineState State { get; }

    /// <summary>The message's server span, when it is traced; each step adds what it learns (action, route, outcome).</summary>
    public Activity? Activity { get; }

    /// <summary>When the pipeline began the message (a timestamp of the pipeline's clock), for its duration.</summary>
    public long Started { get; set; }

    /// <summary>The message as received: its bytes and the transport's headers; set once by the listener.</summary>
    public InboundMessage Inbound
    {
        get => _inbound ?? throw new InvalidOperationException("The message has not been received yet.");
        set => _inbound = _inbound is null ? value : throw new InvalidOperationException("The message was received already.");
    }

    /// <summary>The bytes received from the client so far; 0 before the message was received.</summary>
    public long ReceivedLength => _inbound?.ReceivedLength ?? 0;

    /// <summary>The message read far enough to route it; null before the read step (or when it could not be read).</summary>
    public ReceivedMessage? Received { get; set; }

    /// <summary>The route that matched; null before routing or when none did.</summary>
    public Routing.Route? Route { get; private set; }

    /// <summary>The route's counters; null when no route matched.</summary>
    public TrafficCounters? RouteCounters { get; private set; }

    /// <summary>The cluster the message is forwarded through; null before a destination was chosen.</summary>
    public ClusterState? Cluster { get; set; }

    /// <summary>
    /// The path the last attempt took when its sender chose it per attempt (a net.tcp destination's own framing sessions
    /// carry the bytes verbatim, else WCF re-encodes); null: the binding pair's path (<see cref="Forwarding.ForwardingPaths"/>).
    /// </summary>
    public Telemetry.ForwardingPath? SentPath { get; set; }

    /// <summary>The path of the attempt on <paramref name="destination"/>: the one its sender chose, else the binding pair's.</summary>
    public ForwardingPath PathTo(LoadBalancing.DestinationState destination) =>
        SentPath ?? Forwarding.ForwardingPaths.Between(Listener.Binding, destination);

    /// <summary>True when no reply is expected (WS-Addressing without a MessageID, the route's oneWayActions, or the WSDL).</summary>
    public bool OneWay { get; set; }

    /// <summary>The client's MessageID once read: a fault the router answers relates to it.</summary>
    public string? MessageId => Received?.MessageId ?? _unreadMessageId;

    /// <summary>
    /// The read step refused the message after its headers were read (its body is broken): the fault it gets relates to
    /// <paramref name="messageId"/>, so a session client can match it to its call.
    /// </summary>
    public void NotRead(string? messageId) => _unreadMessageId = messageId;

    /// <summary>The route step's decision: <paramref name="route"/> and its counters.</summary>
    public void Routed(Routing.Route route, TrafficCounters counters)
    {
        Route = route;
        RouteCounters = counters;
        Activity?.SetTag(SpanTags.Route, route.Name);
    }

    /// <summary>True the first time only: the message's one outcome is being recorded, and any later record is not a second one.</summary>
    public bool TryRecordOutcome() => Interlocked.Exchange(ref _recorded, 1) == 0;
}
