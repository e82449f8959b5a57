using System.Globalization;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.Text;
using System.Xml;

namespace BackendStub.Service;

/// <summary>
/// Which exceptions mean "the client sent something unreadable" when WCF's encoders and the DataContractSerializer
/// read a request, and the fixed sentences the faults describe them with (exception text may quote the client's
/// bytes or name internals, so it never goes into a fault).
/// </summary>
internal static class BadInput
{
    /// <summary>
    /// True for the exceptions WCF's readers and the serializer throw on bad input. ArgumentException is among them:
    /// the text reader throws it for a message cut inside a qualified name.
    /// </summary>
    public static bool Is(Exception ex) => ex is XmlException
        or ArgumentException
        or SerializationException
        or CommunicationException
        or QuotaExceededException
        or FormatException
        or OverflowException
        or InvalidDataException
        or DecoderFallbackException;

    /// <summary>Why the message could not be read, for an exception <see cref="Is"/> accepts.</summary>
    public static string DescribeMessage(Exception ex, string soapVersion) => ex switch
    {
        XmlException xml => "the XML is not well formed" + Position(xml),
        QuotaExceededException => "it exceeds the stub's reader quotas.",
        _ => $"it is not a SOAP {soapVersion} envelope in the endpoint's encoding.",
    };

    /// <summary>Why a body did not deserialize, for an exception <see cref="Is"/> accepts.</summary>
    public static string DescribeBody(Exception ex) => ex is XmlException xml
        ? "The body is not well-formed XML" + Position(xml)
        : "The body is not the operation's request element with its data contract.";

    // The position only: the exception's own text may quote the client's bytes.
    private static string Position(XmlException ex) => ex.LineNumber > 0
        ? string.Create(CultureInfo.InvariantCulture, $" (line {ex.LineNumber}, position {ex.LinePosition}).")
        : ".";
}
