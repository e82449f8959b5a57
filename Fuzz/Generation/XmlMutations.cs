using System.Text;
using System.Text.RegularExpressions;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Mutations that know a text SOAP envelope: deep nesting in the Body, a huge header, duplicated addressing headers,
/// DTDs and entity tricks before the envelope, renamed and re-namespaced elements, many attributes, a second
/// envelope, a wrong encoding declaration or byte order mark.
/// </summary>
internal static partial class XmlMutations
{
    /// <summary>One structure-aware mutation of the text envelope <paramref name="envelope"/>.</summary>
    public static byte[] Apply(Random random, byte[] envelope, StringBuilder described)
    {
        var xml = Encoding.UTF8.GetString(envelope);
        var bodyStart = AfterStartTag(xml, "Body");
        var headerStart = AfterStartTag(xml, "Header");
        switch (random.Next(10))
        {
            case 0:
                var depth = random.SkewedLength(200_000);
                var open = random.Next(2) == 0 ? "<a>" : "<s:Body xmlns:s=\"urn:x\">";
                var close = open == "<a>" ? "</a>" : "</s:Body>";
                described.Append("nest×").Append(depth).Append(' ');
                return Utf8(xml.Insert(bodyStart, Repeat(open, depth) + Repeat(close, random.Next(4) == 0 ? depth / 2 : depth)));
            case 1:
                var size = random.SkewedLength(6 * 1024 * 1024);
                described.Append("huge-header ").Append(size).Append(' ');
                var header = $"<h:Big xmlns:h=\"urn:x\" s:mustUnderstand=\"{random.Next(2)}\">{new string('A', size)}</h:Big>";
                return Utf8(headerStart > 0 ? xml.Insert(headerStart, header) : xml.Insert(bodyStart, header));
            case 2:
                var match = HeaderElement().Matches(xml) is { Count: > 0 } all ? all[random.Next(all.Count)] : null;
                if (match is null)
                {
                    goto case 3;
                }

                var copies = random.SkewedLength(5000);
                described.Append("duplicate-header ").Append(match.Groups["name"].Value).Append('×').Append(copies).Append(' ');
                return Utf8(xml.Insert(match.Index, Repeat(match.Value, copies)));
            case 3:
                var trick = FuzzDictionary.XmlTricks[random.Next(4)];
                described.Append("dtd ");
                var withDtd = trick + xml;
                return Utf8(random.Next(2) == 0 ? withDtd : withDtd.Insert(trick.Length + AfterStartTag(xml, "Body"), random.Next(2) == 0 ? "&c;" : "&x;"));
            case 4:
                var names = ElementName().Matches(xml);
                if (names.Count == 0)
                {
                    goto case 5;
                }

                var name = names[random.Next(names.Count)];
                var replacement = FuzzDictionary.SoapNames[random.Next(FuzzDictionary.SoapNames.Length)];
                described.Append("rename ").Append(name.Groups["local"].Value).Append("->").Append(replacement).Append(' ');
                return Utf8(string.Concat(xml.AsSpan(0, name.Groups["local"].Index), replacement, xml.AsSpan(name.Groups["local"].Index + name.Groups["local"].Length)));
            case 5:
                var namespaces = NamespaceValue().Matches(xml);
                if (namespaces.Count == 0)
                {
                    goto case 6;
                }

                var ns = namespaces[random.Next(namespaces.Count)].Groups["ns"];
                var other = FuzzDictionary.Namespaces[random.Next(FuzzDictionary.Namespaces.Length)];
                described.Append("namespace->").Append(other.Length == 0 ? "(empty)" : other).Append(' ');
                return Utf8(string.Concat(xml.AsSpan(0, ns.Index), other, xml.AsSpan(ns.Index + ns.Length)));
            case 6:
                var attributes = random.SkewedLength(20_000);
                var sb = new StringBuilder();
                for (var i = 0; i < attributes; i++)
                {
                    sb.Append(" a").Append(random.Next(2) == 0 ? i : 0).Append("=\"v\"");
                }

                described.Append("attributes×").Append(attributes).Append(' ');
                var envelopeEnd = xml.IndexOf('>', StringComparison.Ordinal);
                return Utf8(xml.Insert(envelopeEnd < 0 ? 0 : envelopeEnd, sb.ToString()));
            case 7:
                described.Append("trailing ");
                return Utf8(xml + (random.Next(3) switch { 0 => xml, 1 => "<x/>", _ => "text" }));
            case 8:
                described.Append("prolog ");
                var prolog = random.Next(4) switch
                {
                    0 => "<?xml version=\"1.0\" encoding=\"utf-16\"?>",
                    1 => "<?xml version=\"1.0\" encoding=\"utf-7\"?>",
                    2 => "\uFEFF\uFEFF",
                    _ => "<?xml version=\"1.0\" encoding=\"ebcdic-cp-us\"?>",
                };
                return Utf8(prolog + xml);
            default:
                var at = random.Next(xml.Length + 1);
                var token = FuzzDictionary.XmlTricks[random.Next(FuzzDictionary.XmlTricks.Length)];
                described.Append("trick@").Append(at).Append(' ');
                return Utf8(xml.Insert(at, token));
        }
    }

    /// <summary>The offset just after the start tag of the first element named <paramref name="localName"/> (any prefix), or 0.</summary>
    private static int AfterStartTag(string xml, string localName)
    {
        var match = Regex.Match(xml, $"<([A-Za-z0-9_]+:)?{localName}[\\s>/]");
        if (!match.Success)
        {
            return 0;
        }

        var end = xml.IndexOf('>', match.Index);
        return end < 0 ? 0 : end + 1;
    }

    private static string Repeat(string unit, int times) => new StringBuilder(unit.Length * times).Insert(0, unit, times).ToString();

    private static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    [GeneratedRegex("<(?<name>[A-Za-z0-9_]+:(Action|To|MessageID|ReplyTo|RelatesTo))[\\s>][^<]*(<[^/][^<]*</[^>]+>[^<]*)*</\\k<name>>")]
    private static partial Regex HeaderElement();

    [GeneratedRegex("</?([A-Za-z0-9_]+:)?(?<local>[A-Za-z_][A-Za-z0-9_]*)")]
    private static partial Regex ElementName();

    [GeneratedRegex("xmlns(:[A-Za-z0-9_]+)?=\"(?<ns>[^\"]*)\"")]
    private static partial Regex NamespaceValue();
}
