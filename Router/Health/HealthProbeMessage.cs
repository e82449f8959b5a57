using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Health;

/// <summary>The SOAP request of an action probe (healthCheck.action and body), and the judgement of its reply.</summary>
internal static class HealthProbeMessage
{
    private static readonly XmlReaderSettings FragmentSettings = new()
    {
        ConformanceLevel = ConformanceLevel.Fragment,
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
    };

    /// <summary>Null when <paramref name="body"/> is well-formed XML content for a SOAP Body, else what is wrong.</summary>
    public static string? CheckBody(string body)
    {
        try
        {
            using var reader = XmlReader.Create(new StringReader(body), FragmentSettings);
            while (reader.Read())
            {
                if (reader.Depth == 0 && reader.NodeType == XmlNodeType.Text)
                {
                    return "text outside an element";
                }
            }

            return null;
        }
        catch (XmlException ex)
        {
            return ex.Message;
        }
    }

    /// <summary>
    /// The probe request in <paramref name="binding"/>'s message version, addressed to <paramref name="to"/> when the
    /// binding uses WS-Addressing (else the caller sends the action as SOAPAction). The caller owns (closes) it.
    /// </summary>
    public static Message Create(WireBinding binding, string action, string? body, Uri to)
    {
        var message = body is null
            ? Message.CreateMessage(binding.MessageVersion, action)
            : Message.CreateMessage(binding.MessageVersion, action, new DelegateBodyWriter(writer => WriteBody(writer, body)));
        if (binding.UsesAddressing)
        {
            message.Headers.To = to;
        }
        else
        {
            // As WCF's HTTP client does: without WS-Addressing the action travels in the SOAPAction header only (the
            // header WCF would write here, in its "addressing/none" namespace with mustUnderstand, is refused by services).
            message.Headers.Action = null;
        }

        return message;
    }

    /// <summary>
    /// Null when <paramref name="reply"/> (null: none, as for a one-way action) passes the probe, else why not: a fault
    /// passes only when its code or a subcode is named in <paramref name="healthyFaults"/>.
    /// </summary>
    public static string? Judge(Message? reply, IReadOnlyList<string> healthyFaults)
    {
        if (reply is null || !reply.IsFault)
        {
            return null;
        }

        try
        {
            var fault = MessageFault.CreateFault(reply, maxBufferSize: 64 * 1024);
            for (var code = fault.Code; code is not null; code = code.SubCode)
            {
                if (healthyFaults.Contains(code.Name))
                {
                    return null;
                }
            }

            return $"SOAP fault {fault.Code.Name}";
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return "SOAP fault";
        }
    }

    private static void WriteBody(XmlDictionaryWriter writer, string body)
    {
        using var reader = XmlReader.Create(new StringReader(body), FragmentSettings);
        reader.MoveToContent();
        while (!reader.EOF)
        {
            if (reader.NodeType == XmlNodeType.Element)
            {
                writer.WriteNode(reader, defattr: true);
            }
            else
            {
                reader.Read();
            }
        }
    }
}
