using System.Text;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Mutations of an HTTP request's headers: repeated or huge SOAPAction, another binding's or a broken content type
/// (charsets, MTOM, parameters), unknown or stacked Content-Encoding, a lying X-Soap-Original-Length, many headers.
/// </summary>
internal static class HttpHeaderMutations
{
    private static readonly string[] ContentTypes =
    [
        "text/xml; charset=utf-8", "application/soap+xml; charset=utf-8", "application/soap+msbin1", "application/soap+msbin1+gzip",
        "application/soap+xml; charset=utf-16", "text/xml; charset=ebcdic-cp-us", "text/xml; charset=utf-7", "text/xml; charset=\"",
        "multipart/related; type=\"application/xop+xml\"; boundary=x", "application/soap+xml; action=\"\u00e9\"", "text/xml;;;", "",
        "application/soap+xml; charset=utf-8; action=\"http://tempuri.org/x\"; action=\"y\"", "application/soap+msbinsession1",
    ];

    /// <summary>One mutation of <paramref name="headers"/> or <paramref name="contentType"/>.</summary>
    public static void Apply(Random random, List<KeyValuePair<string, string>> headers, ref string contentType, StringBuilder described)
    {
        switch (random.Next(6))
        {
            case 0:
                described.Append("soapaction×2 ");
                headers.Add(new("SOAPAction", "\"http://tempuri.org/Other\""));
                headers.Add(new("SOAPAction", "\"\""));
                break;
            case 1:
                var length = random.SkewedLength(200_000);
                described.Append("soapaction-huge ").Append(length).Append(' ');
                headers.Add(new("SOAPAction", "\"" + new string('a', length) + "\""));
                break;
            case 2:
                contentType = ContentTypes[random.Next(ContentTypes.Length)];
                described.Append("content-type ");
                break;
            case 3:
                var coding = random.Next(4) switch { 0 => "x-unknown", 1 => "gzip, gzip", 2 => "identity", _ => "br;q=1" };
                described.Append("content-encoding ").Append(coding).Append(' ');
                headers.Add(new("Content-Encoding", coding));
                break;
            case 4:
                var claimed = random.Next(3) switch { 0 => "-1", 1 => "99999999999", _ => FuzzDictionary.InterestingSizes[random.Next(FuzzDictionary.InterestingSizes.Length)].ToString(System.Globalization.CultureInfo.InvariantCulture) };
                described.Append("original-length ").Append(claimed).Append(' ');
                headers.Add(new("X-Soap-Original-Length", claimed));
                break;
            default:
                var count = random.SkewedLength(500);
                described.Append("headers×").Append(count).Append(' ');
                for (var i = 0; i < count; i++)
                {
                    headers.Add(new(random.Next(2) == 0 ? "X-Junk" : $"X-Junk-{i}", new string('v', random.SkewedLength(200))));
                }

                break;
        }
    }
}
