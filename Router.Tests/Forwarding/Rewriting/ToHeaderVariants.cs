using SoapRouter.Routing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Forwarding.Rewriting;

/// <summary>
/// Envelopes that each hold one wsa:To, written the many ways a peer may write it. Each variant is a template with
/// "{TO}" where the To element sits, the element as sent, and the element expected after rewriting to
/// <see cref="NewAddress"/>: the whole rewritten message must equal the template filled with the expected element.
/// </summary>
internal static class ToHeaderVariants
{
    public const string NewAddress = "http://backend:8080/orders/svc";
    public const string Soap12 = SoapNamespaces.Soap12Envelope;
    public const string Soap11 = SoapNamespaces.Soap11Envelope;
    public const string Wsa10 = SoapNamespaces.Addressing10;
    public const string Wsa04 = SoapNamespaces.Addressing200408;
    public const string Body = "<s:Body><o:Order xmlns:o=\"urn:test:orders\"><o:Id>42</o:Id><o:Note>&lt;a:To&gt;</o:Note></o:Order></s:Body>";

    private const string Decl = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
    private const string Action = "<a:Action s:mustUnderstand=\"1\">urn:test:orders/Submit</a:Action>";
    private const string MessageId = "<a:MessageID>urn:uuid:6f1c2d3e-0000-4000-8000-000000000001</a:MessageID>";
    private const string ReplyTo = "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo>";

    /// <summary>The names of all variants, for theories.</summary>
    public static TheoryData<string> Names
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (var variant in All)
            {
                data.Add(variant.Name);
            }

            return data;
        }
    }

    public static IReadOnlyList<ToHeaderVariant> All { get; } =
    [
        Wcf("WcfDefault", "<a:To s:mustUnderstand=\"1\">http://router:8080/orders</a:To>", "<a:To s:mustUnderstand=\"1\">" + NewAddress + "</a:To>"),
        Wcf("WsaPrefix", "<wsa:To xmlns:wsa=\"" + Wsa10 + "\">http://router/</wsa:To>", "<wsa:To xmlns:wsa=\"" + Wsa10 + "\">" + NewAddress + "</wsa:To>"),
        Wcf("PrefixOnToItself", "<t:To xmlns:t='" + Wsa10 + "' t:x='1'>http://router/</t:To>", "<t:To xmlns:t='" + Wsa10 + "' t:x='1'>" + NewAddress + "</t:To>"),
        Wcf("DefaultNamespaceOnTo", "<To xmlns=\"" + Wsa10 + "\">http://router/</To>", "<To xmlns=\"" + Wsa10 + "\">" + NewAddress + "</To>"),
        Wcf(
            "AttributesBothQuotesAndGreaterThan",
            "<a:To\n   s:mustUnderstand='1' u:Id=\"_1\" xmlns:u='urn:wsu' hint='a>b/c' >http://router/</a:To >",
            "<a:To\n   s:mustUnderstand='1' u:Id=\"_1\" xmlns:u='urn:wsu' hint='a>b/c' >" + NewAddress + "</a:To >"),
        Wcf("WhitespaceAroundText", "<a:To>\n    http://router/ \t\r\n</a:To>", "<a:To>" + NewAddress + "</a:To>"),
        Wcf("ReferencesInOldText", "<a:To>http://router/?a=1&amp;b=&#x32;&#51;&lt;</a:To>", "<a:To>" + NewAddress + "</a:To>"),
        Wcf("CData", "<a:To><![CDATA[http://router/<x>&]]></a:To>", "<a:To>" + NewAddress + "</a:To>"),
        Wcf("MixedTextCommentAndCData", "<a:To>http://<!-- c -->router<![CDATA[/]]><!---->\n</a:To>", "<a:To>" + NewAddress + "</a:To>"),
        Wcf("EmptyElement", "<a:To/>", "<a:To>" + NewAddress + "</a:To>"),
        Wcf("EmptyElementWithAttributes", "<a:To s:mustUnderstand=\"1\" />", "<a:To s:mustUnderstand=\"1\" >" + NewAddress + "</a:To>"),
        Wcf("EmptyStartAndEndTags", "<a:To></a:To>", "<a:To>" + NewAddress + "</a:To>"),
        Wcf("MultiByteInOldText", "<a:To>http://röuter/日本</a:To>", "<a:To>" + NewAddress + "</a:To>"),
        new(
            "Addressing200408",
            $"<s:Envelope xmlns:s=\"{Soap12}\" xmlns:w=\"{Wsa04}\"><s:Header><w:Action>urn:x</w:Action><w:MessageID>urn:uuid:2</w:MessageID>{{TO}}</s:Header>{Body}</s:Envelope>",
            "<w:To>http://router/</w:To>",
            "<w:To>" + NewAddress + "</w:To>"),
        new(
            "Soap11",
            $"<s:Envelope xmlns:s=\"{Soap11}\"><s:Header><a:Action xmlns:a=\"{Wsa10}\">urn:x</a:Action>{{TO}}</s:Header>{Body}</s:Envelope>",
            $"<a:To xmlns:a=\"{Wsa10}\" s:mustUnderstand=\"1\">http://router/</a:To>",
            $"<a:To xmlns:a=\"{Wsa10}\" s:mustUnderstand=\"1\">{NewAddress}</a:To>"),
        new(
            "DefaultNamespaceOnHeader",
            $"<s:Envelope xmlns:s=\"{Soap12}\"><s:Header xmlns=\"{Wsa10}\"><Action>urn:x</Action><MessageID>urn:uuid:3</MessageID>{{TO}}</s:Header>{Body}</s:Envelope>",
            "<To>http://router/</To>",
            "<To>" + NewAddress + "</To>"),
        new(
            "DefaultNamespaceEnvelope",
            $"<Envelope xmlns=\"{Soap12}\"><Header><Action xmlns=\"{Wsa10}\">urn:x</Action>{{TO}}</Header><Body/></Envelope>",
            $"<To xmlns=\"{Wsa10}\">http://router/</To>",
            $"<To xmlns=\"{Wsa10}\">{NewAddress}</To>"),
        new(
            "BomDeclarationAndComments",
            "\uFEFF<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n<!-- <a:To>no</a:To> -->\n"
            + $"<s:Envelope xmlns:s='{Soap12}' xmlns:a='{Wsa10}'>\n <s:Header>\n  <!-- <a:To>decoy</a:To> -->\n  <!--<a:To>decoy</a:To>-->\n"
            + "  <x:Data xmlns:x='urn:x'><![CDATA[<a:To>decoy</a:To>]]><x:In a:b='&lt;a:To&gt;'/></x:Data>\n  " + Action + "\n  {TO}\n </s:Header >\n " + Body + "\n</s:Envelope>",
            "<a:To>http://router/</a:To>",
            "<a:To>" + NewAddress + "</a:To>"),
        new(
            "DecoysInOtherNamespacesAndDeeper",
            $"<s:Envelope xmlns:s=\"{Soap12}\" xmlns:a=\"urn:not-addressing\"><s:Header><a:To>decoy-1</a:To>"
            + $"<x:Wrap xmlns:x=\"urn:x\" xmlns:w=\"{Wsa10}\"><w:To>decoy-2</w:To></x:Wrap><w:Action xmlns:w=\"{Wsa10}\">urn:x</w:Action>{{TO}}<To>decoy-3</To></s:Header>{Body}</s:Envelope>",
            $"<a:To xmlns:a=\"{Wsa10}\">http://router/</a:To>",
            $"<a:To xmlns:a=\"{Wsa10}\">{NewAddress}</a:To>"),
        new(
            "ToFirstAndMultiByteHeaders",
            $"<s:Envelope xmlns:s=\"{Soap12}\" xmlns:a=\"{Wsa10}\"><s:Header>{{TO}}<x:Grüße xmlns:x=\"urn:x\" x:ü=\"日本\">Grüße 日本 😀</x:Grüße>{Action}</s:Header>{Body}</s:Envelope>",
            "<a:To>http://router/</a:To>",
            "<a:To>" + NewAddress + "</a:To>"),
    ];

    public static ToHeaderVariant Get(string name)
    {
        foreach (var variant in All)
        {
            if (variant.Name == name)
            {
                return variant;
            }
        }

        throw new ArgumentException($"No variant {name}.", nameof(name));
    }

    /// <summary>A WCF-style SOAP 1.2 request: wsa declared on the Envelope, the usual headers, To among them.</summary>
    private static ToHeaderVariant Wcf(string name, string to, string expected) => new(
        name,
        $"{Decl}<s:Envelope xmlns:s=\"{Soap12}\" xmlns:a=\"{Wsa10}\"><s:Header>{Action}{MessageId}{ReplyTo}{{TO}}</s:Header>{Body}</s:Envelope>",
        to,
        expected);
}
