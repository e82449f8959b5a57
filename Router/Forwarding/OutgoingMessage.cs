using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;

namespace SoapRouter.Forwarding;

/// <summary>
/// One message as forwarding sends it to whichever destinations the forwarder picks: its context (the bytes received, what
/// reading found, the cluster, one-way or not), what HTTP destinations get beside it, its turn in a client session, and
/// what each attempt put on the wire. The senders (<see cref="IDestinationSender"/>) read it and nothing of the listener
/// or the client, so a message with no client waiting is sent the same way.
/// </summary>
internal sealed class OutgoingMessage
{
    private ToSplicer _to;

    // What each attempt put on the wire, for per-destination byte counts. Failover is rare, so the first attempt is kept
    // in fields and only further ones allocate.
    private DestinationState? _firstDestination;
    private int _firstLength;
    private List<(DestinationState Destination, int Length)>? _laterAttempts;

    /// <summary>
    /// The message of <paramref name="context"/> (received, read and routed: its cluster chosen, one-way or not decided);
    /// <paramref name="clientCertificateHeader"/>: the X-Forwarded-Client-Cert value HTTP destinations get, or null;
    /// <paramref name="turn"/>: its turn in a client session whose netTcp destinations get its own backend session.
    /// </summary>
    public OutgoingMessage(MessageContext context, string? clientCertificateHeader = null, SessionTurn? turn = null)
    {
        ArgumentNullException.ThrowIfNull(context);
        Context = context;
        Cluster = context.Cluster ?? throw new ArgumentException("The message has no cluster yet.", nameof(context));
        Received = context.Received ?? throw new ArgumentException("The message has not been read yet.", nameof(context));
        ClientCertificateHeader = clientCertificateHeader;
        Turn = turn;
    }

    /// <summary>The message's context.</summary>
    public MessageContext Context { get; }

    /// <summary>The config state it is sent on (codecs, transports, limits).</summary>
    public PipelineState State => Context.State;

    /// <summary>The bytes received and the transport's headers.</summary>
    public InboundMessage Inbound => Context.Inbound;

    /// <summary>The message as read: action, MessageID, To, and the buffer the re-encode paths make their messages from.</summary>
    public ReceivedMessage Received { get; }

    /// <summary>The cluster it is sent through.</summary>
    public ClusterState Cluster { get; }

    /// <summary>True when no reply is expected.</summary>
    public bool OneWay => Context.OneWay;

    /// <summary>The X-Forwarded-Client-Cert value HTTP destinations get; null when the route forwards none.</summary>
    public string? ClientCertificateHeader { get; }

    /// <summary>The message's turn in a client session with affinity; null otherwise.</summary>
    public SessionTurn? Turn { get; }

    /// <summary>The verbatim path's To splicer, which keeps what it found in the received bytes for the next attempt.</summary>
    public ref ToSplicer To => ref _to;

    /// <summary>
    /// The received message buffered for WCF's re-encoder: the pipeline's buffer, or made now for a message it expected the
    /// transcoders to carry (<see cref="Pipeline.ForwardTarget"/>); null when WCF cannot read what the router's reader accepted.
    /// </summary>
    public System.ServiceModel.Channels.MessageBuffer? WcfBuffer() => Received.TryBuffer(Context) ? Received.Buffer : null;

    /// <summary>Notes that the attempt on <paramref name="destination"/> put <paramref name="length"/> bytes on the wire (0: not known here).</summary>
    public void RememberLength(DestinationState destination, int length)
    {
        if (_firstDestination is null)
        {
            _firstDestination = destination;
            _firstLength = length;
            return;
        }

        (_laterAttempts ??= []).Add((destination, length));
    }

    /// <summary>The bytes sent to <paramref name="destination"/> by its attempt; <paramref name="fallback"/> when none was made.</summary>
    public long SentLength(DestinationState destination, long fallback)
    {
        if (ReferenceEquals(destination, _firstDestination))
        {
            return _firstLength;
        }

        if (_laterAttempts is not null)
        {
            foreach (var (attempted, length) in _laterAttempts)
            {
                if (ReferenceEquals(attempted, destination))
                {
                    return length;
                }
            }
        }

        return fallback;
    }
}
