using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// What WCF's own encoder makes of bytes: the whole message (envelope, headers, body read to its end) written as text
/// XML, or the exception reading or writing it threw.
/// </summary>
internal static class WcfXml
{
    /// <summary>Reads <paramref name="bytes"/> with <paramref name="encoder"/>; the message's XML, or null and <paramref name="error"/>.</summary>
    public static string? Read(MessageEncoder encoder, ReadOnlySpan<byte> bytes, out Exception? error)
    {
        // A copy: WCF's session reader rewrites bytes of the buffer when a message matches one of its header patterns.
        var copy = bytes.ToArray();
        error = null;
        try
        {
            using var message = encoder.ReadMessage(new ArraySegment<byte>(copy), CallerOwnedBufferManager.Instance, encoder.ContentType);
            return ToXml(message);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            error = e;
            return null;
        }
    }

    /// <summary>Reads every payload of <paramref name="payloads"/> with <paramref name="encoder"/> (a session's earlier messages).</summary>
    public static void Replay(MessageEncoder encoder, IEnumerable<byte[]> payloads)
    {
        foreach (var payload in payloads)
        {
            encoder.ReadMessage(new ArraySegment<byte>([.. payload]), CallerOwnedBufferManager.Instance, encoder.ContentType).Close();
        }
    }

    /// <summary><paramref name="message"/>, headers and body, as text XML.</summary>
    public static string ToXml(Message message)
    {
        using var stream = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateTextWriter(stream, new UTF8Encoding(false), ownsStream: false))
        {
            message.WriteMessage(writer);
        }

        return System.Text.Encoding.UTF8.GetString(stream.ToArray());
    }
}
