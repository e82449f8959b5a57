using System.Formats.Asn1;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Tls;

/// <summary>
/// What the router reads off a client certificate to authorize and identify the caller: thumbprints, the subject's
/// attributes, and the DNS and URI subject alternative names. Read once per certificate (a connection's messages share
/// one) and kept while the certificate lives.
/// </summary>
internal sealed class CertificateIdentity
{
    private const string SubjectAlternativeNameOid = "2.5.29.17";
    private static readonly ConditionalWeakTable<X509Certificate2, CertificateIdentity> Cache = [];

    private CertificateIdentity(X509Certificate2 certificate)
    {
        Sha1 = certificate.Thumbprint.ToUpperInvariant();
        Sha256 = certificate.GetCertHashString(HashAlgorithmName.SHA256).ToUpperInvariant();
        Subject = certificate.Subject;
        SubjectAttributes = DistinguishedName.Attributes(certificate.SubjectName);
        var dns = new List<string>();
        var uris = new List<string>();
        foreach (var extension in certificate.Extensions)
        {
            if (extension.Oid?.Value == SubjectAlternativeNameOid)
            {
                ReadNames(extension.RawData, dns, uris);
            }
        }

        DnsNames = dns;
        Uris = uris;
    }

    /// <summary>The SHA-1 thumbprint, upper-case hex.</summary>
    public string Sha1 { get; }

    /// <summary>The SHA-256 thumbprint, upper-case hex.</summary>
    public string Sha256 { get; }

    /// <summary>The subject as .NET prints it (e.g. <c>CN=partner-a, O=Partner A</c>).</summary>
    public string Subject { get; }

    /// <summary>The subject's attributes, in a canonical order, for comparing names written in any order or case.</summary>
    public IReadOnlyList<string> SubjectAttributes { get; }

    /// <summary>DNS subject alternative names.</summary>
    public IReadOnlyList<string> DnsNames { get; }

    /// <summary>URI subject alternative names.</summary>
    public IReadOnlyList<string> Uris { get; }

    /// <summary>Envoy's header for the caller's certificate.</summary>
    public const string ForwardedHeaderName = "X-Forwarded-Client-Cert";

    /// <summary>
    /// The value of <see cref="ForwardedHeaderName"/> as Envoy writes it: <c>Hash=</c> (SHA-256 of the DER, lower-case
    /// hex), <c>Subject="..."</c>, then one <c>URI=</c> and one <c>DNS=</c> per subject alternative name.
    /// </summary>
    public string ForwardedHeader => _forwardedHeader ??= BuildForwardedHeader();

    private string? _forwardedHeader;

    private string BuildForwardedHeader()
    {
        var value = new System.Text.StringBuilder();
        value.Append("Hash=").Append(Sha256.ToLowerInvariant());
        value.Append(";Subject=");
        AppendValue(value, Subject, alwaysQuote: true);
        foreach (var uri in Uris)
        {
            value.Append(";URI=");
            AppendValue(value, uri, alwaysQuote: false);
        }

        foreach (var dns in DnsNames)
        {
            value.Append(";DNS=");
            AppendValue(value, dns, alwaysQuote: false);
        }

        return value.ToString();
    }

    // Envoy's quoting: a value with ',', ';', '=' or '"' goes in quotes with '"' and '\' escaped. Control characters
    // (which no header may carry) become '?', other non-ASCII ones percent-encoded UTF-8: a certificate's names are the
    // caller's to choose.
    private static void AppendValue(System.Text.StringBuilder header, string value, bool alwaysQuote)
    {
        var quote = alwaysQuote || value.AsSpan().IndexOfAny(",;=\"") >= 0;
        if (quote)
        {
            header.Append('"');
        }

        Span<byte> utf8 = stackalloc byte[4];
        foreach (var rune in value.EnumerateRunes())
        {
            if (System.Text.Rune.IsControl(rune))
            {
                header.Append('?');
            }
            else if (!rune.IsAscii)
            {
                // Headers are ASCII: other characters go as their UTF-8 bytes, percent-encoded (as Envoy's URI SANs are).
                var length = rune.EncodeToUtf8(utf8);
                foreach (var b in utf8[..length])
                {
                    header.Append('%').Append(b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture));
                }
            }
            else
            {
                if (quote && rune.Value is '"' or '\\')
                {
                    header.Append('\\');
                }

                header.Append((char)rune.Value);
            }
        }

        if (quote)
        {
            header.Append('"');
        }
    }

    /// <summary>The identity of <paramref name="certificate"/>, read on first use.</summary>
    public static CertificateIdentity Of(X509Certificate2 certificate)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        return Cache.GetValue(certificate, static c => new CertificateIdentity(c));
    }

    // GeneralNames ::= SEQUENCE OF GeneralName; dNSName [2] IA5String, uniformResourceIdentifier [6] IA5String.
    private static void ReadNames(byte[] raw, List<string> dns, List<string> uris)
    {
        try
        {
            var names = new AsnReader(raw, AsnEncodingRules.DER).ReadSequence();
            while (names.HasData)
            {
                var tag = names.PeekTag();
                if (tag.TagClass == TagClass.ContextSpecific && tag.TagValue is 2 or 6)
                {
                    var value = names.ReadCharacterString(UniversalTagNumber.IA5String, tag);
                    (tag.TagValue == 2 ? dns : uris).Add(value);
                }
                else
                {
                    names.ReadEncodedValue();
                }
            }
        }
        catch (AsnContentException)
        {
            // A malformed extension names nothing; the handshake already accepted the certificate's structure.
        }
    }
}
