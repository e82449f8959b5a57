using System.Globalization;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>XPath's number() of a string, exactly as System.Xml's XPath evaluates it.</summary>
internal static class XPathNumber
{
    private const NumberStyles Styles = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowTrailingWhite;

    /// <summary>
    /// Optional XML whitespace, an optional minus, digits with an optional decimal point, optional whitespace; NaN
    /// otherwise (no '+', no exponent, no thousands separator). System.Xml's number() also reads "Infinity" and "NaN";
    /// this does the same, so a streamed comparison and the XPathDocument fallback never disagree.
    /// </summary>
    public static double Parse(ReadOnlySpan<char> text)
    {
        var trimmed = text.Trim(" \t\n\r");
        if (trimmed.IsEmpty || trimmed[0] == '+')
        {
            return double.NaN;
        }

        return double.TryParse(trimmed, Styles, NumberFormatInfo.InvariantInfo, out var value) ? value : double.NaN;
    }
}
