using System.ServiceModel.Channels;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// An HTTP destination of another binding: a message made from the received message's buffer (taken before any header
/// edit), addressing mapped, written by the destination's encoder; its reply read by the same encoder (a reply it cannot
/// read is the destination's failure: ResponseInvalid). What the client gets is made from that reply after forwarding.
/// </summary>
internal sealed class HttpReencodedSender(ILogger logger) : IDestinationSender
{
    /// <inheritdoc />
    public async ValueTask<AttemptResult<DestinationReply>> SendAsync(OutgoingMessage message, DestinationState destination, CancellationToken cancellationToken)
    {
        var codec = message.State.Codec(destination.Binding);
        if (!TryEncodeRequest(message, destination, codec, out var bytes, out var soapAction))
        {
            message.RememberLength(destination, 0);
            return AttemptResult<DestinationReply>.Failed(ForwardError.EncodingFailed);
        }

        var inbound = message.Inbound;
        AttemptResult<RawSoapReply> result;
        using (bytes)
        {
            message.RememberLength(destination, bytes.Count);
            var traceParent = RouterTracing.Outgoing(inbound.TraceParent, inbound.TraceState, out var traceState);
            var request = new RawSoapRequest(bytes.Memory, codec.ContentType)
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
        return DestinationSenders.Replied(DestinationReply.Read(read, reply, result.Error == ForwardError.BackendFault, envelope));
    }

    private bool TryEncodeRequest(OutgoingMessage message, DestinationState destination, MessageCodec codec, out PooledMessageBytes bytes, out string? soapAction)
    {
        bytes = null!;
        soapAction = null;
        var received = message.Received;
        var source = received.Buffer!.CreateMessage();
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
