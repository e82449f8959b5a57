using System.ServiceModel.Channels;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Soap;
using SoapRouter.Forwarding.Transcoding;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// An HTTP destination of another binding: a message made from the received message's buffer (taken before any header
/// edit), addressing mapped, written by the destination's encoder; its reply read by the same encoder (a reply it cannot
/// read is the destination's failure: ResponseInvalid). What the client gets is made from that reply after forwarding.
/// A text client's message to an msbin1 destination of its own SOAP version is transcoded instead, and so is the reply
/// (<see cref="TextMsbin1Transcoding"/>): no WCF reader or writer on either hop.
/// </summary>
internal sealed class HttpReencodedSender(ILogger logger) : IDestinationSender
{
    /// <summary>Why a message was not re-encoded when WCF's reader refused what the router's accepted.</summary>
    internal const string WcfCannotRead = "WCF's reader cannot read it";

    /// <inheritdoc />
    public async ValueTask<AttemptResult<DestinationReply>> SendAsync(OutgoingMessage message, DestinationState destination, CancellationToken cancellationToken)
    {
        var codec = message.State.Codec(destination.Binding);
        var transcodes = TextMsbin1Transcoding.Carries(message.Context, destination.Binding);
        PooledMessageBytes? written = null;
        var transcoded = transcodes ? TextMsbin1Transcoding.Request(message, destination, destination.Binding, logger) : null;
        string? soapAction;
        if (transcoded is not null)
        {
            soapAction = MessageBridge.SoapActionFor(destination.Binding, message.Received.Action);
        }
        else if (!TryEncodeRequest(message, destination, codec, out written, out soapAction))
        {
            message.RememberLength(destination, 0);
            return AttemptResult<DestinationReply>.Failed(ForwardError.EncodingFailed);
        }

        var inbound = message.Inbound;
        AttemptResult<RawSoapReply> result;
        using (written)
        using (transcoded)
        {
            var body = transcoded?.Bytes ?? written!.Memory;
            message.RememberLength(destination, body.Length);
            var traceParent = RouterTracing.Outgoing(inbound.TraceParent, inbound.TraceState, out var traceState);
            var request = new RawSoapRequest(body, codec.ContentType)
            {
                SoapAction = soapAction,
                TraceParent = traceParent,
                TraceState = traceState,
                Action = message.Received.Action,
                ClientCertificate = message.ClientCertificateHeader,
                AcceptsEmptyReply = true,
            };
            result = await message.State.Transport.SendAsync(destination, message.Cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
        }

        if (result.Reply is not { } reply)
        {
            return AttemptResult<DestinationReply>.Failed(result.Error);
        }

        if (reply.IsEmpty)
        {
            reply.Dispose();
            return AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged());
        }

        var backendFault = result.Error == ForwardError.BackendFault;
        if (transcodes
            && SoapMediaTypes.Matches(reply.ContentType, SoapMediaTypes.Msbin1)
            && TextMsbin1Transcoding.Reply(message.Context, destination, reply.Body.Span, reply.ForbidsStoring, logger, out var isFault) is { } forClient)
        {
            var length = reply.Length;
            reply.Dispose();
            return DestinationSenders.Replied(DestinationReply.Transcoded(forClient, isFault || backendFault, length));
        }

        Message read;
        try
        {
            read = codec.Read(reply.Segment, reply.ContentType);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            reply.Dispose();
            var reason = ex.GetType().Name;
            PipelineLog.ReplyReencodeFailed(logger, destination.Name, destination.Binding.Name, message.Context.Listener.Binding.Name, reason);
            return AttemptResult<DestinationReply>.Failed(ForwardError.ResponseInvalid);
        }

        // The same bytes, for the client's answer to be written in one pass over them (ForwardedMessage).
        var envelope = message.State.Envelope(destination.Binding, reply.Segment, reply.ContentType);
        return DestinationSenders.Replied(DestinationReply.Read(read, reply, backendFault, envelope));
    }

    private bool TryEncodeRequest(OutgoingMessage message, DestinationState destination, MessageCodec codec, out PooledMessageBytes? bytes, out string? soapAction)
    {
        bytes = null!;
        soapAction = null;
        var received = message.Received;
        if (message.WcfBuffer() is not { } buffer)
        {
            PipelineLog.ReencodeFailed(logger, received.Action, message.Context.Listener.Binding.Name, destination.Binding.Name, destination.Name, WcfCannotRead);
            return false;
        }

        var source = buffer.CreateMessage();
        Message? outgoing = null;
        try
        {
            var request = MessageBridge.ForDestination(source, destination.Binding, destination.Address, received.Action, received.BufferedEnvelope);
            outgoing = request.Message;
            soapAction = request.SoapAction;
            if (message.State.State.Config.Telemetry.Tracing.SoapHeader is { } header)
            {
                // An HTTP destination gets the traceparent HTTP header; a client's SOAP copy would name a stale parent.
                SoapTraceHeader.Replace(outgoing, header, traceParent: null);
            }

            bytes = codec.Write(outgoing);
            return true;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            var reason = ErrorClassifier.IsTooLarge(ex) ? $"larger than {message.State.MaxMessageSize} bytes once re-encoded" : ex.GetType().Name;
            PipelineLog.ReencodeFailed(logger, received.Action, message.Context.Listener.Binding.Name, destination.Binding.Name, destination.Name, reason);
            return false;
        }
        finally
        {
            outgoing?.Close();
            source.Close();
        }
    }
}
