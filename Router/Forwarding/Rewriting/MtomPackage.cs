using System.Text;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// The structure of an MTOM message as HTTP carries it (RFC 2387 multipart/related, the XOP envelope in its root part):
/// where the root part's bytes are, so the verbatim path can splice wsa:To inside them, and a structural check that
/// names what is missing (boundary, root part, a XOP part the envelope refers to) before WCF's reader says less.
/// </summary>
internal static class MtomPackage
{
    private static ReadOnlySpan<byte> CrLf => "\r\n"u8;

    private static ReadOnlySpan<byte> HeaderEnd => "\r\n\r\n"u8;

    private static ReadOnlySpan<byte> ContentIdHeader => "content-id:"u8;

    private static ReadOnlySpan<byte> CidReference => "href=\"cid:"u8;

    /// <summary>
    /// Finds the root part of <paramref name="body"/> (the part whose Content-ID is the content type's start parameter,
    /// else the first) and checks that every <c>cid:</c> reference of the envelope names a part of the package.
    /// </summary>
    public static MtomPackageError Check(ReadOnlySpan<byte> body, string? contentType, out ByteRange root)
    {
        root = default;
        if (SoapMediaTypes.Parameter(contentType, "boundary") is not { } boundary || boundary.Length > 200)
        {
            return MtomPackageError.MissingBoundary;
        }

        Span<byte> delimiter = stackalloc byte[boundary.Length * 3 + 2];
        delimiter[0] = (byte)'-';
        delimiter[1] = (byte)'-';
        var delimiterLength = 2 + Encoding.UTF8.GetBytes(boundary, delimiter[2..]);
        delimiter = delimiter[..delimiterLength];
        var start = SoapMediaTypes.Parameter(contentType, "start");

        var parts = 0;
        var rootFound = false;
        var position = FirstDelimiter(body, delimiter);
        if (position < 0)
        {
            return MtomPackageError.MissingRootPart;
        }

        // Part ids are checked against the envelope's references once the root is known; a package has few parts.
        var ids = new List<ByteRange>();
        while (true)
        {
            position += delimiter.Length;
            if (body[position..].StartsWith("--"u8))
            {
                break;
            }

            if (!body[position..].StartsWith(CrLf))
            {
                return MtomPackageError.Malformed;
            }

            var headersStart = position + CrLf.Length;
            var headersEnd = body[headersStart..].IndexOf(HeaderEnd);
            if (headersEnd < 0)
            {
                return MtomPackageError.Malformed;
            }

            var headers = new ByteRange(headersStart, headersEnd + CrLf.Length);
            var contentStart = headersStart + headersEnd + HeaderEnd.Length;
            var next = NextDelimiter(body, contentStart, delimiter);
            if (next < 0)
            {
                // No closing delimiter: the package is cut short.
                return MtomPackageError.Malformed;
            }

            var id = ContentId(body, headers);
            ids.Add(id);
            var content = new ByteRange(contentStart, next - CrLf.Length - contentStart);
            if (!rootFound && (start is null ? parts == 0 : IdEquals(body, id, start)))
            {
                root = content;
                rootFound = true;
            }

            parts++;
            position = next;
        }

        if (!rootFound)
        {
            return MtomPackageError.MissingRootPart;
        }

        return AllReferencesResolve(body, root, ids) ? MtomPackageError.None : MtomPackageError.MissingXopPart;
    }

    /// <summary>The client's reason for <paramref name="error"/>: one fixed sentence, never the client's own text.</summary>
    public static string Describe(MtomPackageError error) => error switch
    {
        MtomPackageError.MissingBoundary => "The MTOM message's content type has no boundary parameter.",
        MtomPackageError.MissingRootPart => "The MTOM message has no root part (the part its start parameter names, or any part).",
        MtomPackageError.MissingXopPart => "The MTOM message refers to a XOP part it does not hold.",
        _ => "The MTOM message is not a well-formed multipart/related package.",
    };

    private static int FirstDelimiter(ReadOnlySpan<byte> body, ReadOnlySpan<byte> delimiter) =>
        body.StartsWith(delimiter) ? 0 : NextDelimiter(body, 0, delimiter);

    /// <summary>The offset of the next "CRLF--boundary" at or after <paramref name="from"/>, pointing at its "--"; -1 if none.</summary>
    private static int NextDelimiter(ReadOnlySpan<byte> body, int from, ReadOnlySpan<byte> delimiter)
    {
        var rest = body[from..];
        while (true)
        {
            var at = rest.IndexOf(delimiter);
            if (at < 0)
            {
                return -1;
            }

            var absolute = body.Length - rest.Length + at;
            if (absolute >= 2 && body[(absolute - 2)..absolute].SequenceEqual(CrLf)
                && body.Length >= absolute + delimiter.Length + 2)
            {
                return absolute;
            }

            rest = rest[(at + 1)..];
        }
    }

    /// <summary>The Content-ID header's value without its angle brackets; empty when the part has none.</summary>
    private static ByteRange ContentId(ReadOnlySpan<byte> body, ByteRange headers)
    {
        var offset = headers.Start;
        var lines = headers.Of(body);
        while (!lines.IsEmpty)
        {
            var end = lines.IndexOf(CrLf);
            var line = end < 0 ? lines : lines[..end];
            if (line.Length > ContentIdHeader.Length && Ascii.EqualsIgnoreCase(line[..ContentIdHeader.Length], ContentIdHeader))
            {
                var valueStart = ContentIdHeader.Length;
                var value = line[valueStart..];
                var trimmed = value.Trim((byte)' ');
                var lead = value.Length - value.TrimStart((byte)' ').Length;
                if (trimmed.Length >= 2 && trimmed[0] == '<' && trimmed[^1] == '>')
                {
                    return new ByteRange(offset + valueStart + lead + 1, trimmed.Length - 2);
                }

                return new ByteRange(offset + valueStart + lead, trimmed.Length);
            }

            if (end < 0)
            {
                break;
            }

            offset += end + CrLf.Length;
            lines = lines[(end + CrLf.Length)..];
        }

        return default;
    }

    private static bool IdEquals(ReadOnlySpan<byte> body, ByteRange id, string expected)
    {
        var trimmed = expected.AsSpan().Trim();
        if (trimmed.Length >= 2 && trimmed[0] == '<' && trimmed[^1] == '>')
        {
            trimmed = trimmed[1..^1];
        }

        return id.Length == trimmed.Length && Ascii.Equals(id.Of(body), trimmed);
    }

    /// <summary>True when every href="cid:..." of the root part names the Content-ID of a part (cid URLs are %-escaped, RFC 2392).</summary>
    private static bool AllReferencesResolve(ReadOnlySpan<byte> body, ByteRange root, List<ByteRange> ids)
    {
        var envelope = root.Of(body);
        while (true)
        {
            var at = envelope.IndexOf(CidReference);
            if (at < 0)
            {
                return true;
            }

            envelope = envelope[(at + CidReference.Length)..];
            var close = envelope.IndexOf((byte)'"');
            if (close < 0)
            {
                return false;
            }

            var reference = Uri.UnescapeDataString(Encoding.UTF8.GetString(envelope[..close]));
            var found = false;
            foreach (var id in ids)
            {
                if (IdEquals(body, id, reference))
                {
                    found = true;
                    break;
                }
            }

            if (!found)
            {
                return false;
            }

            envelope = envelope[close..];
        }
    }
}
