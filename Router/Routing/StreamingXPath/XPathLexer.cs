using System.Xml;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// Splits an XPath 1.0 expression into the tokens the streaming subset understands. Runs once per filter at
/// configuration time. It never rejects: whatever it cannot name becomes <see cref="XPathTokenKind.Other"/>, which
/// the parser refuses, so the expression falls back to the full evaluator (which reports real syntax errors).
/// </summary>
internal static class XPathLexer
{
    /// <summary>The tokens of <paramref name="expression"/>, ending with <see cref="XPathTokenKind.End"/>.</summary>
    public static List<XPathToken> Tokenize(string expression)
    {
        var tokens = new List<XPathToken>();
        var i = 0;
        while (true)
        {
            while (i < expression.Length && expression[i] is ' ' or '\t' or '\r' or '\n')
            {
                i++;
            }

            if (i == expression.Length)
            {
                tokens.Add(XPathToken.Of(XPathTokenKind.End));
                return tokens;
            }

            tokens.Add(Next(expression, ref i));
        }
    }

    private static XPathToken Next(string text, ref int i)
    {
        var c = text[i];
        var next = i + 1 < text.Length ? text[i + 1] : '\0';
        switch (c)
        {
            case '/' when next == '/':
                i += 2;
                return XPathToken.Of(XPathTokenKind.DoubleSlash);
            case '!' when next == '=':
                i += 2;
                return XPathToken.Of(XPathTokenKind.NotEquals);
            case '"' or '\'':
                return Literal(text, ref i);
            case '.' when next is >= '0' and <= '9':
                return Number(text, ref i);
            case >= '0' and <= '9':
                return Number(text, ref i);
        }

        i++;
        var single = c switch
        {
            '/' => XPathTokenKind.Slash,
            '[' => XPathTokenKind.LeftBracket,
            ']' => XPathTokenKind.RightBracket,
            '(' => XPathTokenKind.LeftParen,
            ')' => XPathTokenKind.RightParen,
            '@' => XPathTokenKind.At,
            '*' => XPathTokenKind.Star,
            '=' => XPathTokenKind.EqualsSign,
            '-' => XPathTokenKind.Minus,
            _ => XPathTokenKind.Other,
        };

        if (single == XPathTokenKind.Other && XmlConvert.IsStartNCNameChar(c))
        {
            i--;
            return Name(text, ref i);
        }

        return XPathToken.Of(single);
    }

    // XPath 1.0 literals have no escapes: the text runs to the next quote of the same kind.
    private static XPathToken Literal(string text, ref int i)
    {
        var quote = text[i];
        var end = text.IndexOf(quote, i + 1);
        if (end < 0)
        {
            i = text.Length;
            return XPathToken.Of(XPathTokenKind.Other);
        }

        var value = text[(i + 1)..end];
        i = end + 1;
        return new XPathToken(XPathTokenKind.Literal, "", value);
    }

    // Digits ('.' Digits?)? | '.' Digits; a sign is a separate token (unary minus).
    private static XPathToken Number(string text, ref int i)
    {
        var start = i;
        while (i < text.Length && text[i] is >= '0' and <= '9')
        {
            i++;
        }

        if (i < text.Length && text[i] == '.')
        {
            i++;
            while (i < text.Length && text[i] is >= '0' and <= '9')
            {
                i++;
            }
        }

        return new XPathToken(XPathTokenKind.Number, "", text[start..i]);
    }

    // NCName, NCName ':' NCName, or NCName ':' '*'. "a::" is an axis: the name comes back alone and "::" as Other.
    private static XPathToken Name(string text, ref int i)
    {
        var first = ReadNcName(text, ref i);
        if (i + 1 < text.Length && text[i] == ':' && text[i + 1] != ':')
        {
            if (text[i + 1] == '*')
            {
                i += 2;
                return new XPathToken(XPathTokenKind.PrefixStar, first, "");
            }

            if (!XmlConvert.IsStartNCNameChar(text[i + 1]))
            {
                i++;
                return XPathToken.Of(XPathTokenKind.Other);
            }

            i++;
            var local = ReadNcName(text, ref i);
            return new XPathToken(XPathTokenKind.Name, first, local);
        }

        return new XPathToken(XPathTokenKind.Name, "", first);
    }

    private static string ReadNcName(string text, ref int i)
    {
        var start = i;
        i++;
        while (i < text.Length && XmlConvert.IsNCNameChar(text[i]))
        {
            i++;
        }

        return text[start..i];
    }
}
