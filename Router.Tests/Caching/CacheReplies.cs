using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Caching;
using SoapRouter.Forwarding.Http;
using SoapRouter.Pipeline;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Caching;

/// <summary>Replies written by WCF's own encoders, and a production that answers with one, for the cache's unit tests.</summary>
internal static class CacheReplies
{
    /// <summary>A reply of <paramref name="binding"/> with a string body, RelatesTo <paramref name="relatesTo"/> and, optionally, a MessageID.</summary>
    public static byte[] Reply(WireBinding binding, string body, string? relatesTo, string? messageId = null)
    {
        var action = binding.UsesAddressing ? "urn:test/ReplyAction" : null;
        using var message = Message.CreateMessage(binding.MessageVersion, action, body);
        if (relatesTo is not null)
        {
            message.Headers.RelatesTo = new UniqueId(relatesTo);
        }

        if (messageId is not null)
        {
            message.Headers.MessageId = new UniqueId(messageId);
        }

        return StubCodecs.For(binding).WriteToArray(message);
    }

    /// <summary>Reads a reply as a WCF client would: its RelatesTo, its MessageID and its string body.</summary>
    public static (string? RelatesTo, string? MessageId, string Body) Read(WireBinding binding, ReadOnlyMemory<byte> bytes)
    {
        using var message = StubCodecs.For(binding).Read(new ArraySegment<byte>(bytes.ToArray()));
        var relatesTo = message.Headers.RelatesTo?.ToString();
        var messageId = message.Headers.MessageId?.ToString();
        return (relatesTo, messageId, message.GetBody<string>());
    }

    /// <summary>An answer as the pipeline makes one from a destination's reply.</summary>
    public static ClientAnswer Answer(byte[] bytes, string contentType, int status = 200, bool fault = false, bool forbidsStoring = false) =>
        ClientAnswer.FromEncoded(new RawSoapReply(status, contentType, bytes, bytes.Length, pool: null) { ForbidsStoring = forbidsStoring }, fault);
}
