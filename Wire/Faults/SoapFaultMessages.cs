using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Wire.Faults;

/// <summary>Builds fault messages of any message version with WCF's own fault writer.</summary>
public static class SoapFaultMessages
{
    /// <summary>
    /// The HTTP status of every SOAP fault, on every binding: WCF services answer faults with 500 (SOAP 1.2 Sender
    /// faults too), and a WCF client reads a fault body only on 500; anything else reaches it as a bare protocol error.
    /// </summary>
    public const int HttpStatusCode = 500;

    /// <summary>The language of the reasons written (WCF writes the thread culture's; ours runs invariant).</summary>
    public const string ReasonLanguage = "en-US";

    // MessageIDs are URIs (urn:uuid:... is 45 characters); a longer one is not echoed into RelatesTo, since a fault
    // must not reflect a large header back.
    private const int MaxRelatesToLength = 1024;

    /// <summary>
    /// A fault message of <paramref name="version"/>. With WS-Addressing it carries the addressing fault action and,
    /// when <paramref name="relatesTo"/> is given, wsa:RelatesTo; without, neither (HTTP carries no action back).
    /// </summary>
    public static Message Create(MessageVersion version, SoapFaultSpec fault, string? relatesTo = null)
    {
        ArgumentNullException.ThrowIfNull(version);
        ArgumentNullException.ThrowIfNull(fault);
        var body = new FaultBodyWriter(version.Envelope, CreateCode(fault), [new FaultReasonText(SafeText(fault.Reason), ReasonLanguage)]);
        var message = Message.CreateMessage(version, FaultAction(version), body);
        if (version.Addressing != AddressingVersion.None && relatesTo is { Length: > 0 and <= MaxRelatesToLength })
        {
            message.Headers.RelatesTo = new UniqueId(SafeText(relatesTo));
        }

        return message;
    }

    /// <summary>The action of fault messages of <paramref name="version"/>: the addressing version's fault action, or null without addressing.</summary>
    public static string? FaultAction(MessageVersion version)
    {
        ArgumentNullException.ThrowIfNull(version);
        if (version.Addressing == AddressingVersion.WSAddressing10)
        {
            return SoapNamespaces.Addressing10FaultAction;
        }

        return version.Addressing == AddressingVersion.WSAddressingAugust2004 ? SoapNamespaces.Addressing200408FaultAction : null;
    }

    private static FaultCode CreateCode(SoapFaultSpec fault)
    {
        // "Sender"/"Receiver" with no namespace are WCF's predefined codes: written as s:Sender/s:Receiver in SOAP 1.2
        // and s:Client/s:Server in SOAP 1.1.
        var subcode = fault.SubcodeName is null ? null : new FaultCode(fault.SubcodeName, fault.SubcodeNamespace ?? string.Empty);
        return new FaultCode(fault.IsSenderFault ? "Sender" : "Receiver", subcode);
    }

    /// <summary>Replaces characters XML cannot carry (control characters, lone surrogates) so writing never throws.</summary>
    public static string SafeText(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        StringBuilder? builder = null;
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                builder?.Append(c).Append(text[i + 1]);
                i++;
                continue;
            }

            if (XmlConvert.IsXmlChar(c))
            {
                builder?.Append(c);
                continue;
            }

            // Copy lazily: almost every text is clean and is returned as it is.
            builder ??= new StringBuilder(text.Length).Append(text, 0, i);
            builder.Append('?');
        }

        return builder?.ToString() ?? text;
    }
}
