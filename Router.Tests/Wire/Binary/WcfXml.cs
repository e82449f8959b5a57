using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// What WCF's own encoder makes of bytes: the whole message (envelope, headers, body read to its end) written as text
/// XML, or the exception reading or writing it threw.
/// </summary>
internal static partial class WcfXml
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

    /// <summary>
    /// What <paramref name="encoder"/> makes of a translator's or transcoder's output (as <see cref="Read"/>), or null
    /// with its <paramref name="problem"/> (at <paramref name="problemOffset"/>) or WCF's <paramref name="error"/>; the
    /// output's buffer goes back to <paramref name="buffers"/> either way.
    /// </summary>
    public static string? ReadTranslation(
        MessageEncoder encoder, SessionTranslation translation, ArrayPoolBufferManager buffers, out string? problem, out int problemOffset, out Exception? error)
    {
        problem = translation.Problem;
        problemOffset = translation.ProblemOffset;
        error = null;
        if (!translation.Succeeded)
        {
            return null;
        }

        try
        {
            return Read(encoder, translation.Records, out error);
        }
        finally
        {
            buffers.ReturnBuffer(translation.Buffer!);
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

    /// <summary>
    /// True when <paramref name="translated"/> is <paramref name="original"/>, or differs only in the To header's text
    /// in the way WCF's session reader changes it for a payload in the stock client's request layout: that fast path
    /// (MessagePatterns) builds the To as new Uri(text), which lower-cases the scheme and host and drops a default
    /// port, where WCF's msbin1 reader, like its session reader on any other payload, keeps the text as sent.
    /// </summary>
    public static bool SameMessage(string original, string translated)
    {
        if (original == translated)
        {
            return true;
        }

        var originalTo = ToHeader().Match(original);
        var translatedTo = ToHeader().Match(translated);
        if (!originalTo.Success || !translatedTo.Success
            || ToHeader().Replace(original, string.Empty, 1) != ToHeader().Replace(translated, string.Empty, 1))
        {
            return false;
        }

        var sent = System.Net.WebUtility.HtmlDecode(translatedTo.Groups[1].Value);
        var read = System.Net.WebUtility.HtmlDecode(originalTo.Groups[1].Value);
        return Uri.TryCreate(sent, UriKind.Absolute, out var uri) && (uri.AbsoluteUri == read || uri.ToString() == read);
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

    [System.Text.RegularExpressions.GeneratedRegex("<a:To s:mustUnderstand=\"1\">([^<]*)</a:To>")]
    private static partial System.Text.RegularExpressions.Regex ToHeader();
}
