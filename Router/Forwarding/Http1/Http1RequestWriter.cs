using System.Buffers.Text;
using SoapRouter.Forwarding.Http;

namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// Writes the head of a verbatim POST: the request line and Host from bytes built once per destination, then the
/// headers HttpClient sends for the same request (Content-Type, Content-Length, SOAPAction, X-Forwarded-Client-Cert,
/// traceparent, tracestate), their values exactly as the client sent them.
/// </summary>
internal static class Http1RequestWriter
{
    /// <summary>"POST {path} HTTP/1.1\r\nHost: {authority}\r\n" for <paramref name="address"/>, sent with every request to it.</summary>
    public static byte[] Prefix(Uri address)
    {
        ArgumentNullException.ThrowIfNull(address);
        // Uri.Host keeps an IPv6 address's brackets; IdnHost gives a DNS name in its ASCII (Punycode) form.
        var host = address.HostNameType == UriHostNameType.IPv6 ? address.Host : address.IdnHost;
        var authority = address.IsDefaultPort ? host : $"{host}:{address.Port}";
        return System.Text.Encoding.ASCII.GetBytes($"POST {address.PathAndQuery} HTTP/1.1\r\nHost: {authority}\r\n");
    }

    /// <summary>
    /// Writes the head of <paramref name="request"/> with a body of <paramref name="bodyLength"/> bytes into
    /// <paramref name="destination"/>; the bytes written, or -1 when it does not fit or a value holds a character a header
    /// cannot carry (the caller then sends the request through HttpClient, which reports it as it always did).
    /// </summary>
    public static int Write(Span<byte> destination, ReadOnlySpan<byte> prefix, in RawSoapRequest request, int bodyLength)
    {
        var written = 0;
        if (!Append(destination, ref written, prefix)
            || !Header(destination, ref written, "Content-Type: "u8, request.ContentType)
            || !Append(destination, ref written, "Content-Length: "u8)
            || !Utf8Formatter.TryFormat(bodyLength, destination[written..], out var digits))
        {
            return -1;
        }

        written += digits;
        if (!Append(destination, ref written, "\r\n"u8)
            || (request.SoapAction is { } action && !Header(destination, ref written, "SOAPAction: "u8, action))
            || (request.ClientCertificate is { } certificate && !Header(destination, ref written, "X-Forwarded-Client-Cert: "u8, certificate))
            || (request.TraceParent is { } parent && !Header(destination, ref written, "traceparent: "u8, parent))
            || (request.TraceParent is not null && request.TraceState is { } state && !Header(destination, ref written, "tracestate: "u8, state))
            || !Append(destination, ref written, "\r\n"u8))
        {
            return -1;
        }

        return written;
    }

    private static bool Header(Span<byte> destination, ref int written, ReadOnlySpan<byte> name, string value)
    {
        if (!Append(destination, ref written, name) || destination.Length - written < value.Length + 2)
        {
            return false;
        }

        // Latin-1, as HttpClient writes header values; control characters (CR, LF above all) never go out.
        var target = destination.Slice(written, value.Length);
        for (var i = 0; i < value.Length; i++)
        {
            var c = value[i];
            if ((c < 0x20 && c != '\t') || c == 0x7F || c > 0xFF)
            {
                return false;
            }

            target[i] = (byte)c;
        }

        written += value.Length;
        return Append(destination, ref written, "\r\n"u8);
    }

    private static bool Append(Span<byte> destination, ref int written, ReadOnlySpan<byte> bytes)
    {
        if (!bytes.TryCopyTo(destination[written..]))
        {
            return false;
        }

        written += bytes.Length;
        return true;
    }
}
