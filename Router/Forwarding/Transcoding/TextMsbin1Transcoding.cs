using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Forwarding.Transcoding;

/// <summary>
/// A text client's message to an msbin1 destination (binaryHttp, or a net.tcp destination's framing sessions) and the
/// destination's reply back, without WCF's reader or writer: the received text transcoded to msbin1 byte by byte
/// (<see cref="TextToMsbin1"/>) with only To spliced, and the msbin1 reply transcoded to text
/// (<see cref="Msbin1ToText"/>). It applies where WCF's re-encode would change nothing but To (one SOAP version, WS-Addressing
/// 1.0 on both hops: <see cref="Reencoding.MessageBridge"/>); anything a transcoder refuses, or a reply related to another
/// request than the client's, takes WCF's path, which is correct, only slower.
/// </summary>
internal static class TextMsbin1Transcoding
{
    /// <summary>
    /// True when a message received on <paramref name="listener"/> may go to a destination of <paramref name="destination"/>
    /// transcoded, whatever the message: a text HTTP listener, an msbin1 destination (binaryHttp, or net.tcp, whose framing
    /// sessions carry session-free msbin1), one SOAP version, WS-Addressing 1.0. Such a message is not buffered for WCF
    /// before forwarding (<see cref="Pipeline.ForwardTarget"/>); its sender buffers it if it takes WCF's path after all.
    /// </summary>
    public static bool Pairs(WireBinding listener, WireBinding destination)
    {
        var wire = destination.Sessionless;
        return listener.IsHttp && !listener.IsBinary && !listener.IsMtom
            && wire.IsBinary && !wire.IsMtom
            && listener.MessageVersion == wire.MessageVersion
            && listener.MessageVersion.Addressing == AddressingVersion.WSAddressing10;
    }

    /// <summary>
    /// True when the message of <paramref name="context"/> goes to a destination of <paramref name="destination"/>
    /// transcoded, and its reply comes back transcoded: the bindings pair (<see cref="Pairs"/>), the message is buffered (not
    /// streamed), and there is no trace header for the router to write into its SOAP headers.
    /// </summary>
    public static bool Carries(MessageContext context, WireBinding destination) =>
        Pairs(context.Listener.Binding, destination)
        && context.Inbound.Streamed is null
        && context.State.State.Config.Telemetry.Tracing.SoapHeader is null;

    /// <summary>
    /// The message of <paramref name="message"/> as msbin1 with its To set to <paramref name="destination"/>'s address
    /// (<paramref name="binding"/>: what goes on the wire, a net.tcp destination's session-free binding); null (logged) when WCF must re-encode it: the transcoder
    /// refused the text, or the To could not be spliced. Dispose it once sent.
    /// </summary>
    public static TranscodedRequest? Request(OutgoingMessage message, DestinationState destination, WireBinding binding, ILogger logger)
    {
        var context = message.Context;
        var state = message.State;
        var buffers = state.Codec(binding).Buffers;
        var translation = TextToMsbin1.Transcode(context.Inbound.Bytes, buffers, reservedPrefix: 0, state.MaxMessageSize);
        if (!translation.Succeeded)
        {
            state.Transcoding.Request(transcoded: false);
            TranscodingLog.RequestNotTranscoded(logger, context.Listener.Name, destination.Name, translation.ProblemOffset, translation.Problem!);
            return null;
        }

        var translated = new ReadOnlyMemory<byte>(translation.Buffer, translation.Offset, translation.Length);

        // Its own splicer: the message's (OutgoingMessage.To) keeps where To sits in the received text.
        var splicer = default(ToSplicer);
        var edited = splicer.SpliceFor(translated.Span, binding, message.Received.To, destination.Config.Address);
        if (edited.Error != ToHeaderRewriteError.None || edited.Status == ToHeaderRewriteStatus.NotPresent)
        {
            // WCF's writer sets a To the scanner would not splice, as the destination expects.
            edited.Dispose();
            buffers.ReturnBuffer(translation.Buffer!);
            state.Transcoding.Request(transcoded: false);
            TranscodingLog.RequestNotTranscoded(logger, context.Listener.Name, destination.Name, 0, "its To could not be set on the msbin1");
            return null;
        }

        state.Transcoding.Request(transcoded: true);
        return new TranscodedRequest(translation.Buffer!, buffers, edited, edited.Select(translated));
    }

    /// <summary>
    /// The client's answer in its own encoding from <paramref name="msbin1"/>, the reply <paramref name="destination"/> sent
    /// to the message of <paramref name="context"/> (which stays the caller's); null (logged) when WCF must read it: its
    /// RelatesTo or whether it is a fault cannot be told from its bytes, it relates to another message than the client's
    /// (WCF's path sets the client's), or the transcoder refused it. <paramref name="isFault"/>: the reply is a SOAP fault.
    /// </summary>
    public static RawSoapReply? Reply(
        MessageContext context, DestinationState destination, ReadOnlySpan<byte> msbin1, bool forbidsStoring, ILogger logger, out bool isFault)
    {
        var listener = context.Listener;
        if (!FramedReplyReader.TryRead(msbin1, out var relatesTo, out isFault))
        {
            context.State.Transcoding.Reply(transcoded: false);
            TranscodingLog.ReplyNotTranscoded(logger, destination.Name, listener.Name, "its RelatesTo or fault cannot be told from its bytes");
            return null;
        }

        return Reply(context, destination, msbin1, relatesTo, forbidsStoring, logger);
    }

    /// <summary>
    /// As the other overload, for a reply whose <paramref name="relatesTo"/> was read from its bytes already (a framing
    /// session's, <see cref="FramedReply"/>).
    /// </summary>
    public static RawSoapReply? Reply(
        MessageContext context, DestinationState destination, ReadOnlySpan<byte> msbin1, string? relatesTo, bool forbidsStoring, ILogger logger)
    {
        var listener = context.Listener;
        var state = context.State;
        if (context.MessageId is { } messageId && !string.Equals(relatesTo, messageId, StringComparison.Ordinal))
        {
            state.Transcoding.Reply(transcoded: false);
            TranscodingLog.ReplyNotTranscoded(logger, destination.Name, listener.Name, "it relates to another message than the client's");
            return null;
        }

        var codec = state.Codec(listener.Binding);
        var translation = Msbin1ToText.Transcode(msbin1, codec.Buffers, reservedPrefix: 0, state.MaxMessageSize);
        if (!translation.Succeeded)
        {
            state.Transcoding.Reply(transcoded: false);
            TranscodingLog.ReplyNotTranscoded(logger, destination.Name, listener.Name, translation.Problem!);
            return null;
        }

        state.Transcoding.Reply(transcoded: true);
        return new RawSoapReply(StatusCodes.Status200OK, codec.ContentType, translation.Buffer!, translation.Length, codec.Buffers.Pool)
        {
            ForbidsStoring = forbidsStoring,
        };
    }
}
