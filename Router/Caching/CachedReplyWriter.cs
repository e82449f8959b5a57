using System.Buffers;
using System.Text;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.Rewriting;

namespace SoapRouter.Caching;

/// <summary>
/// Makes a hit's answer from a stored reply: the stored bytes with the caller's MessageID as RelatesTo and, when the
/// reply has a MessageID of its own, a fresh one. No decode and no encode: two copies around the spliced text, or
/// none at all when the reply carries neither header (basicHttp).
/// </summary>
internal static class CachedReplyWriter
{
    /// <summary>The longest client MessageID echoed into a cached reply (URIs; urn:uuid:... is 45 characters).</summary>
    public const int MaxMessageIdLength = 1024;

    /// <summary>
    /// True when <paramref name="messageId"/> (null when the request has none) can be written into a reply of this
    /// encoding; a request whose MessageID cannot be is forwarded uncached.
    /// </summary>
    public static bool CanCarry(string? messageId, bool binary)
    {
        if (messageId is null)
        {
            return true;
        }

        if (messageId.Length is 0 or > MaxMessageIdLength)
        {
            return false;
        }

        if (binary)
        {
            return true;
        }

        try
        {
            XmlTextEscaper.GetEscapedLength(messageId);
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>
    /// The answer to a caller whose MessageID is <paramref name="relatesTo"/> (null: the reply goes as stored, which is
    /// right only for a reply without RelatesTo). The result owns a rented buffer, or shares the stored bytes read-only.
    /// </summary>
    public static RawSoapReply Write(CachedReply reply, string? relatesTo)
    {
        ArgumentNullException.ThrowIfNull(reply);
        var splices = 0;
        var first = (Range: SpliceRange.None, Text: "");
        var second = (Range: SpliceRange.None, Text: "");
        if (reply.RelatesTo.IsPresent && relatesTo is not null)
        {
            first = (reply.RelatesTo, relatesTo);
            splices++;
        }

        if (reply.MessageId.IsPresent)
        {
            var fresh = "urn:uuid:" + Guid.NewGuid().ToString("D");
            if (splices == 0)
            {
                first = (reply.MessageId, fresh);
            }
            else
            {
                second = (reply.MessageId, fresh);
            }

            splices++;
        }

        if (splices == 0)
        {
            return new RawSoapReply(StatusCodes.Status200OK, reply.ContentType, reply.Bytes, reply.Bytes.Length, pool: null);
        }

        if (splices == 2 && second.Range.Start < first.Range.Start)
        {
            (first, second) = (second, first);
        }

        var source = reply.Bytes.AsSpan();
        var firstLength = Length(first.Text, reply.Binary);
        var secondLength = splices == 2 ? Length(second.Text, reply.Binary) : 0;
        var length = source.Length - (first.Range.End - first.Range.Start) + firstLength;
        if (splices == 2)
        {
            length += secondLength - (second.Range.End - second.Range.Start);
        }

        var buffer = ArrayPool<byte>.Shared.Rent(length);
        var output = buffer.AsSpan();
        source[..first.Range.Start].CopyTo(output);
        var written = first.Range.Start;
        written += WriteText(first.Text, reply.Binary, output[written..]);
        var rest = first.Range.End;
        if (splices == 2)
        {
            source[rest..second.Range.Start].CopyTo(output[written..]);
            written += second.Range.Start - rest;
            written += WriteText(second.Text, reply.Binary, output[written..]);
            rest = second.Range.End;
        }

        source[rest..].CopyTo(output[written..]);
        written += source.Length - rest;
        return new RawSoapReply(StatusCodes.Status200OK, reply.ContentType, buffer, written, ArrayPool<byte>.Shared);
    }

    private static int Length(string text, bool binary) =>
        binary ? Msbin1ToRewriter.CharsRecordLength(Encoding.UTF8.GetByteCount(text)) : XmlTextEscaper.GetEscapedLength(text);

    private static int WriteText(string text, bool binary, Span<byte> output) =>
        binary ? Msbin1ToRewriter.WriteCharsWithEndElement(text, Encoding.UTF8.GetByteCount(text), output) : XmlTextEscaper.Write(text, output);
}
