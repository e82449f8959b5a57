using SoapRouter.Pipeline;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Queues;

/// <summary>
/// A message's bytes as the queues keep them (a durable message, a multicast copy), with the content type to read them
/// again by: an HTTP listener's as its client sent them; a net.tcp session's, whose bytes refer to their connection's
/// session dictionary, written once in msbin1 of the listener's SOAP and WS-Addressing versions, which the listener's
/// <see cref="Listening.SoapListener.Kept"/> reads.
/// </summary>
/// <param name="Body">The bytes.</param>
/// <param name="ContentType">Their content type.</param>
internal sealed record KeptBytes(byte[] Body, string ContentType)
{
    /// <summary>
    /// The bytes of the message of <paramref name="context"/> (buffered, read) to keep; null when a session's message cannot
    /// be written on its own (larger than limits.maxMessageSize in msbin1, or a body that does not read).
    /// </summary>
    public static KeptBytes? Of(MessageContext context)
    {
        var inbound = context.Inbound;
        if (inbound.Decoded is not { } decoded)
        {
            return new KeptBytes(inbound.Bytes.ToArray(), inbound.ContentType);
        }

        var codec = context.State.Codec(context.Listener.Kept.Binding);
        var message = decoded.CreateMessage();
        try
        {
            return new KeptBytes(codec.WriteToArray(message), codec.ContentType);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return null;
        }
        finally
        {
            message.Close();
        }
    }
}
