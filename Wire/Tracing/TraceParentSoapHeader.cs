using System.ServiceModel.Channels;
using System.Xml;

namespace SoapRouter.Wire.Tracing;

/// <summary>
/// A W3C traceparent carried as a SOAP header, for net.tcp, which has no HTTP headers: the BackendStub reads it by
/// local name (whatever namespace the router was configured with) and LoadClient writes it.
/// </summary>
public static class TraceParentSoapHeader
{
    /// <summary>The header's usual local name.</summary>
    public const string DefaultName = "traceparent";

    /// <summary>The namespace LoadClient writes it in; set the router's telemetry.tracing.soapHeader to match.</summary>
    public const string DefaultNamespace = "urn:soaprouter:tracing";

    // A traceparent is 55 characters; anything longer is not one.
    private const int MaxLength = 512;

    /// <summary>The text of the first header named <paramref name="name"/> in any namespace; null when absent or unreadable.</summary>
    public static string? FindByLocalName(MessageHeaders headers, string name = DefaultName)
    {
        ArgumentNullException.ThrowIfNull(headers);
        for (var i = 0; i < headers.Count; i++)
        {
            if (!string.Equals(headers[i].Name, name, StringComparison.Ordinal))
            {
                continue;
            }

            try
            {
                using var reader = headers.GetReaderAtHeader(i);
                var text = reader.ReadElementContentAsString().Trim();
                return text.Length is > 0 and <= MaxLength ? text : null;
            }
            catch (XmlException)
            {
                return null;
            }
        }

        return null;
    }
}
