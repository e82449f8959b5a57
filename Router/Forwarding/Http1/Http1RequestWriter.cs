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
        if (!Append(destination, ref written, "\r\n"u8))
        {
            return -1;
        }

        var head = new HeadSink(destination, written);
        if (!request.WriteHeaders(ref head))
        {
            return -1;
        }

        written = head.Written;
        return Append(destination, ref written, "\r\n"u8) ? written : -1;
    }

    /// <summary>Writes a request's headers as "Name: value" lines into the head after <paramref name="written"/> bytes.</summary>
    private ref struct HeadSink(Span<byte> destination, int written) : IRequestHeaderSink
    {
        private readonly Span<byte> _destination = destination;

        public int Written { get; private set; } = written;

        public bool Add(string name, string value)
        {
            var end = Written;
            if (!Latin1(_destination, ref end, name) || !Append(_destination, ref end, ": "u8) || !Latin1(_destination, ref end, value)
                || !Append(_destination, ref end, "\r\n"u8))
            {
                return false;
            }

            Written = end;
            return true;
        }
    }

    private static bool Header(Span<byte> destination, ref int written, ReadOnlySpan<byte> name, string value) =>
        Append(destination, ref written, name) && Latin1(destination, ref written, value) && Append(destination, ref written, "\r\n"u8);

    /// <summary>Writes <paramref name="value"/> in Latin-1, as HttpClient writes header values; control characters (CR, LF above all) never go out.</summary>
    private static bool Latin1(Span<byte> destination, ref int written, string value)
    {
        if (destination.Length - written < value.Length)
        {
            return false;
        }

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
        return true;
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
