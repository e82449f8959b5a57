using System.Runtime.Serialization;
using System.ServiceModel;
using System.Xml;

namespace SoapRouter.Reencoding;

/// <summary>What WCF's encoders and message classes throw on bad or oversized input, as opposed to bugs.</summary>
internal static class WireErrors
{
    /// <summary>
    /// True for the exceptions reading or writing a message throws on input the router should refuse (malformed XML,
    /// a quota or size limit, an invalid header value such as a bad URI or MessageID).
    /// </summary>
    public static bool IsBadInput(Exception exception) => exception is XmlException
        or CommunicationException
        or QuotaExceededException
        or SerializationException
        or FormatException
        or ArgumentException
        or InvalidDataException
        or EndOfStreamException;

    /// <summary>True when <paramref name="exception"/> says a message was over a size limit.</summary>
    public static bool IsTooLarge(Exception exception) =>
        exception is QuotaExceededException || exception.InnerException is QuotaExceededException;
}
