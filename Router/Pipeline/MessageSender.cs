using System.ServiceModel.Channels;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.LoadBalancing;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Pipeline;

/// <summary>
/// Sends one received message to the destinations the forwarder picks, each on its own path: a destination of the
/// listener's binding gets the received bytes with only To spliced (verbatim); any other gets a message made from the
/// received message's buffer, written with its encoder, and its reply re-encoded for the client. Per message; the
/// forwarder calls it once per attempt, so failover may change the path.
/// </summary>
internal sealed class MessageSender : IAttemptSender<RawSoapReply>
{
    private readonly PipelineState _state;
    private readonly ClusterState _cluster;
    private readonly InboundMessage _inbound;
    private readonly ReceivedMessage _received;
    private readonly ILogger _logger;

    // What each attempt put on the wire, for per-destination byte counts. Failover is rare, so the first attempt is kept
    // in fields and only further ones allocate.
    private ToSplicer _to;
    private DestinationState? _firstDestination;
    private int _firstLength;
    private List<(DestinationState Destination, int Length)>? _laterAttempts;

    /// <summary>Prepares to send <paramref name="received"/> through <paramref name="cluster"/>.</summary>
    public MessageSender(PipelineState state, ClusterState cluster, InboundMessage inbound, ReceivedMessage received, ILogger logger)
    {
        _state = state;
        _cluster = cluster;
        _inbound = inbound;
        _received = received;
        _logger = logger;
    }

    /// <summary>The path a message to <paramref name="destination"/> takes.</summary>
    public ForwardingPath PathTo(DestinationState destination) =>
        ReferenceEquals(destination.Binding, _inbound.Listener.Binding) ? ForwardingPath.Verbatim : ForwardingPath.Reencoded;

    /// <inheritdoc />
    public ValueTask<AttemptResult<RawSoapReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken) =>
        PathTo(destination) == ForwardingPath.Verbatim
            ? SendVerbatimAsync(destination, cancellationToken)
            : SendReencodedAsync(destination, cancellationToken);

    /// <summary>The bytes sent to <paramref name="destination"/> by its attempt; <paramref name="fallback"/> when none was made.</summary>
    public int SentLength(DestinationState destination, int fallback)
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

    private async ValueTask<AttemptResult<RawSoapReply>> SendVerbatimAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        using var edited = SpliceTo(destination);
        var body = edited.Select(_inbound.Bytes);
        RememberLength(destination, body.Length);
        var request = new RawSoapRequest(body, _inbound.ContentType)
        {
            SoapAction = _inbound.SoapActionHeader,
            TraceParent = _inbound.TraceParent,
            TraceState = _inbound.TraceState,

            // Neither the bytes nor HTTP tell a one-way message apart: an empty 2xx from the backend is taken as a
            // one-way acknowledgement and passed on as 202.
            IsOneWay = true,
        };
        return await _state.Transport.SendAsync(destination, _cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The received bytes with To set to the destination's address, the one edit a matched hop needs (a WCF backend's
    /// address filter insists on its own address). No To (basicHttp), the right one already, or a message the strict
    /// scanners will not splice: the bytes go as received, and a backend that checks To answers with its own fault.
    /// </summary>
    private ToHeaderRewriteResult SpliceTo(DestinationState destination)
    {
        var binding = _inbound.Listener.Binding;
        var address = destination.Config.Address;

        // The envelope reader saw the To already: most messages need no second scan to know there is nothing to do.
        if (!binding.UsesAddressing || _received.To is null)
        {
            return ToHeaderRewriteResult.NotPresent;
        }

        if (string.Equals(_received.To, address, StringComparison.Ordinal))
        {
            return ToHeaderRewriteResult.Unchanged;
        }

        return _to.Splice(_inbound.Bytes.AsSpan(), binding.IsBinary, address);
    }

    private async ValueTask<AttemptResult<RawSoapReply>> SendReencodedAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        var codec = _state.Codec(destination.Binding);
        if (!TryEncodeRequest(destination, codec, out var bytes, out var soapAction))
        {
            RememberLength(destination, 0);
            return AttemptResult<RawSoapReply>.Failed(ForwardError.EncodingFailed);
        }

        AttemptResult<RawSoapReply> result;
        using (bytes)
        {
            RememberLength(destination, bytes.Count);
            var request = new RawSoapRequest(bytes.Memory, codec.ContentType)
            {
                SoapAction = soapAction,
                TraceParent = _inbound.TraceParent,
                TraceState = _inbound.TraceState,
                IsOneWay = true,
            };
            result = await _state.Transport.SendAsync(destination, _cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
        }

        if (result.Reply is not { } reply)
        {
            return result;
        }

        using (reply)
        {
            if (reply.IsEmpty)
            {
                return AttemptResult<RawSoapReply>.Success(RawSoapReply.Empty(reply.StatusCode, contentType: null));
            }

            var translated = TranslateReply(destination, codec, reply, result.Error == ForwardError.BackendFault);
            if (translated is null)
            {
                return AttemptResult<RawSoapReply>.Failed(ForwardError.ResponseInvalid);
            }

            return translated.StatusCode == StatusCodes.Status200OK
                ? AttemptResult<RawSoapReply>.Success(translated)
                : AttemptResult<RawSoapReply>.Fault(translated);
        }
    }

    private bool TryEncodeRequest(DestinationState destination, MessageCodec codec, out PooledMessageBytes bytes, out string? soapAction)
    {
        bytes = null!;
        soapAction = null;
        var source = _received.Buffer!.CreateMessage();
        Message? outgoing = null;
        try
        {
            var request = MessageBridge.ForDestination(source, destination.Binding, destination.Address, _received.Action);
            outgoing = request.Message;
            soapAction = request.SoapAction;
            bytes = codec.Write(outgoing);
            return true;
        }
        catch (Exception ex) when (WireErrors.IsBadInput(ex))
        {
            var reason = WireErrors.IsTooLarge(ex) ? $"larger than {_state.MaxMessageSize} bytes once re-encoded" : ex.GetType().Name;
            PipelineLog.ReencodeFailed(_logger, _received.Action, _inbound.Listener.Binding.Name, destination.Binding.Name, destination.Name, reason);
            return false;
        }
        finally
        {
            outgoing?.Close();
            source.Close();
        }
    }

    /// <summary>The destination's reply written for the client; null when it cannot be read or re-encoded.</summary>
    private RawSoapReply? TranslateReply(DestinationState destination, MessageCodec destinationCodec, RawSoapReply reply, bool isFault)
    {
        var listenerCodec = _state.Codec(_inbound.Listener.Binding);
        Message? read = null;
        Message? forClient = null;
        try
        {
            read = destinationCodec.Read(reply.Segment, reply.ContentType);
            forClient = MessageBridge.ForClient(read, _inbound.Listener.Binding, _received.MessageId, _state.MaxMessageSize);
            var bytes = listenerCodec.Write(forClient);
            var status = isFault || forClient.IsFault ? StatusCodes.Status500InternalServerError : StatusCodes.Status200OK;
            return new RawSoapReply(status, listenerCodec.ContentType, bytes);
        }
        catch (Exception ex) when (WireErrors.IsBadInput(ex) || ex is InvalidOperationException)
        {
            var reason = WireErrors.IsTooLarge(ex) ? $"larger than {_state.MaxMessageSize} bytes" : ex.GetType().Name;
            PipelineLog.ReplyReencodeFailed(_logger, destination.Name, destination.Binding.Name, _inbound.Listener.Binding.Name, reason);
            return null;
        }
        finally
        {
            forClient?.Close();
            read?.Close();
        }
    }

    private void RememberLength(DestinationState destination, int length)
    {
        if (_firstDestination is null)
        {
            _firstDestination = destination;
            _firstLength = length;
            return;
        }

        (_laterAttempts ??= []).Add((destination, length));
    }
}
