using System.Net.Http.Headers;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Listening;

/// <summary>SOAP requests as a client sends them to each kind of listener, padded to a chosen size.</summary>
internal static class SoapMessages
{
    private static readonly MessageCodec Soap12Codec = WireBindings.Soap12Http.CreateCodec(WireLimits.ForSize(8 << 20));
    private static readonly MessageCodec BinaryCodec = WireBindings.BinaryHttp.CreateCodec(WireLimits.ForSize(8 << 20));

    public const string Soap11ContentType = "text/xml; charset=utf-8";
    public const string Soap12ContentType = "application/soap+xml; charset=utf-8";
    public const string Msbin1ContentType = "application/soap+msbin1";

    /// <summary>A SOAP 1.1 envelope of about <paramref name="size"/> bytes.</summary>
    public static byte[] Soap11(int size, string element = "Echo") => Encoding.UTF8.GetBytes(
        $"<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><{element} xmlns=\"urn:test\">{Padding(size)}</{element}></s:Body></s:Envelope>");

    /// <summary>A SOAP 1.2 + WS-Addressing envelope of about <paramref name="size"/> bytes.</summary>
    public static byte[] Soap12(int size, string action = "urn:echo", string messageId = "urn:uuid:00000000-0000-0000-0000-000000000001") => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{action}</a:Action><a:MessageID>{messageId}</a:MessageID><a:To s:mustUnderstand=\"1\">http://router/soap12</a:To>"
        + $"</s:Header><s:Body><Echo xmlns=\"urn:test\">{Padding(size)}</Echo></s:Body></s:Envelope>");

    /// <summary>The SOAP 1.2 envelope as a WCF binary client writes it: msbin1 with WCF's static dictionary.</summary>
    public static byte[] Binary(int size, string action = "urn:echo") => ToMsbin1(Soap12(size, action));

    /// <summary>A SOAP 1.2 + WS-Addressing text envelope, re-written by WCF's binary encoder.</summary>
    public static byte[] ToMsbin1(byte[] soap12Text)
    {
        var message = Soap12Codec.Read(new ArraySegment<byte>(soap12Text));
        return BinaryCodec.WriteToArray(message);
    }

    /// <summary>An msbin1 message read back as SOAP 1.2 text, for assertions on its content.</summary>
    public static string Msbin1ToText(byte[] msbin1) =>
        Encoding.UTF8.GetString(Soap12Codec.WriteToArray(BinaryCodec.Read(new ArraySegment<byte>(msbin1))));

    /// <summary>A request for listener binding <paramref name="binding"/> ("basic", "soap12", "binary") with its transport action.</summary>
    public static HttpRequestMessage Request(Uri address, string binding, byte[] body, string action = "urn:echo")
    {
        var content = new ByteArrayContent(body);
        var request = new HttpRequestMessage(HttpMethod.Post, address) { Content = content };
        switch (binding)
        {
            case "basic":
                content.Headers.TryAddWithoutValidation("Content-Type", Soap11ContentType);
                request.Headers.TryAddWithoutValidation("SOAPAction", $"\"{action}\"");
                break;
            case "soap12":
                content.Headers.TryAddWithoutValidation("Content-Type", $"{Soap12ContentType}; action=\"{action}\"");
                break;
            default:
                content.Headers.TryAddWithoutValidation("Content-Type", $"{Msbin1ContentType}; action=\"{action}\"");
                break;
        }

        return request;
    }

    /// <summary>The body of a request for <paramref name="binding"/> of about <paramref name="size"/> bytes.</summary>
    public static byte[] Body(string binding, int size, string action = "urn:echo") => binding switch
    {
        "basic" => Soap11(size),
        "soap12" => Soap12(size, action),
        _ => Binary(size, action),
    };

    /// <summary>The content type a listener of <paramref name="binding"/> answers in.</summary>
    public static string ContentType(string binding) => binding switch
    {
        "basic" => Soap11ContentType,
        "soap12" => Soap12ContentType,
        _ => Msbin1ContentType,
    };

    /// <summary>The fault reason in <paramref name="body"/> (text or msbin1), for assertions.</summary>
    public static string FaultReason(byte[] body, MediaTypeHeaderValue? contentType)
    {
        if (contentType?.MediaType == Msbin1ContentType)
        {
            body = Encoding.UTF8.GetBytes(Msbin1ToText(body));
        }

        using var reader = XmlDictionaryReader.CreateTextReader(body, XmlDictionaryReaderQuotas.Max);
        while (reader.Read())
        {
            if (reader.NodeType == XmlNodeType.Element && reader.LocalName is "Text" or "faultstring")
            {
                return reader.ReadElementContentAsString();
            }
        }

        return "";
    }

    private static string Padding(int size)
    {
        var builder = new StringBuilder(size);
        for (var i = 0; builder.Length < size; i++)
        {
            builder.Append("<Item>").Append(i).Append("</Item>");
        }

        return builder.ToString();
    }
}
