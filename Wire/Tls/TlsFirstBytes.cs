using System.Buffers;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// What the first bytes of a connection to a TLS port are: a TLS handshake record, the start of a plain HTTP/1.x
/// request (an upper-case method token and a space), or something else.
/// </summary>
internal static class TlsFirstBytes
{
    /// <summary>The content type octet of a TLS handshake record (RFC 8446 5.1).</summary>
    public const byte HandshakeRecord = 0x16;

    // The longest method token looked for ("PROPPATCH" is 9; with room to spare), then its space.
    private const int MaxMethodLength = 16;

    /// <summary>What the connection's first bytes are.</summary>
    public enum Kind
    {
        /// <summary>Not enough bytes to tell.</summary>
        NeedMoreData,

        /// <summary>A TLS handshake record.</summary>
        Tls,

        /// <summary>A plain HTTP/1.x request line.</summary>
        PlainHttp,

        /// <summary>Neither.</summary>
        NotTls,

        /// <summary>The connection ended before a single byte came.</summary>
        Empty,
    }

    /// <summary>Classifies <paramref name="bytes"/> (not empty); <paramref name="final"/>: no more bytes will come.</summary>
    public static Kind Classify(ReadOnlySequence<byte> bytes, bool final)
    {
        var reader = new SequenceReader<byte>(bytes);
        if (!reader.TryRead(out var first))
        {
            return Kind.NeedMoreData;
        }

        if (first == HandshakeRecord)
        {
            return Kind.Tls;
        }

        var octet = first;
        for (var length = 0; length <= MaxMethodLength; length++)
        {
            if (octet == (byte)' ')
            {
                return length > 0 ? Kind.PlainHttp : Kind.NotTls;
            }

            if (octet is < (byte)'A' or > (byte)'Z' || length == MaxMethodLength)
            {
                return Kind.NotTls;
            }

            if (!reader.TryRead(out octet))
            {
                return final ? Kind.NotTls : Kind.NeedMoreData;
            }
        }

        return Kind.NotTls;
    }
}
