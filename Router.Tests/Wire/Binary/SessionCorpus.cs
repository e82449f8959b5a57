using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Sessions written by WCF's own session encoder in the shapes stock WCF clients and services send: request-reply
/// requests (MessageID, ReplyTo, To, Action), replies (RelatesTo), SOAP 1.2 faults with detail, one-way messages, duplex
/// callbacks, DataContract bodies, custom headers, 150 KB strings and int/double arrays, repeated messages (later ones
/// refer to strings earlier ones added); plus, for WS-Addressing 1.0, the exact header layouts WCF's stock client and
/// service write (<see cref="StockPatterns"/>), which WCF's session reader takes by a fast path of its own.
/// </summary>
internal static class SessionCorpus
{
    private const string Action = "urn:corpus/Submit";
    private const string ReplyAction = "urn:corpus/SubmitResponse";
    private static readonly Uri To = new("net.tcp://service.test:808/corpus");

    private static readonly Lazy<IReadOnlyList<CorpusSession>> Built = new(Build);
    private static int _ids;

    /// <summary>Every corpus session, both bindings.</summary>
    public static IReadOnlyList<CorpusSession> Sessions => Built.Value;

    private static List<CorpusSession> Build()
    {
        var sessions = new List<CorpusSession>();
        foreach (var binding in new[] { WireBindings.NetTcp, WireBindings.NetTcpAugust2004 })
        {
            sessions.Add(Write("client requests", binding, Requests));
            sessions.Add(Write("service replies", binding, Replies));
            sessions.Add(Write("one-way", binding, OneWay));
            sessions.Add(Write("duplex callbacks", binding, Callbacks));
        }

        // Without the default port: WCF's session reader builds a stock request's To as new Uri(text), which drops it,
        // where its msbin1 reader keeps the To as sent (the translation keeps the text; WCF's fast path changes it).
        sessions.Add(new CorpusSession("stock client requests", WireBindings.NetTcp, StockPatterns.Requests(Action, "net.tcp://service.test/corpus", 4)));
        sessions.Add(new CorpusSession("stock service replies", WireBindings.NetTcp, StockPatterns.Replies(ReplyAction, 4)));
        return sessions;
    }

    private static CorpusSession Write(string name, WireBinding binding, Func<MessageVersion, CorpusStrings, IEnumerable<Message>> messages)
    {
        var codec = binding.CreateCodec(SessionDifferential.Limits);
        var payloads = new List<byte[]>();
        foreach (var message in messages(binding.MessageVersion, new CorpusStrings()))
        {
            using (message)
            {
                payloads.Add(codec.WriteToArray(message));
            }
        }

        return new CorpusSession(name, binding, payloads);
    }

    private static IEnumerable<Message> Requests(MessageVersion version, CorpusStrings strings)
    {
        yield return Request(Message.CreateMessage(version, Action, Reading(samples: 8)));
        yield return Request(Message.CreateMessage(version, Action, Reading(samples: 8)));
        yield return Request(Records(version, Action, strings));
        yield return Request(Text(version, Action, new string('x', 150 * 1024)));
        yield return Request(Message.CreateMessage(version, Action, Reading(samples: 20_000)));
        var withHeader = Request(Message.CreateMessage(version, Action, Reading(samples: 3)));
        withHeader.Headers.Add(new CorpusHeader(strings.Tenant, strings.Namespace, strings.Contoso));
        withHeader.Headers.Add(MessageHeader.CreateHeader("Trace", "urn:corpus:headers", new CorpusNote { Text = "t", Amount = 1.5m }));
        yield return withHeader;
        yield return Request(Message.CreateMessage(version, Action, Reading(samples: 8)));
    }

    private static IEnumerable<Message> Replies(MessageVersion version, CorpusStrings strings)
    {
        yield return Reply(version, Message.CreateMessage(version, ReplyAction, Reading(samples: 4)));
        yield return Reply(version, Message.CreateMessage(version, ReplyAction, Reading(samples: 4)));
        yield return Reply(version, Message.CreateMessage(version, "urn:corpus/Fault", new DelegateBodyWriter(writer => WriteFault(writer, version))));
        yield return Reply(version, Records(version, ReplyAction, strings));
        yield return Reply(version, Message.CreateMessage(version, ReplyAction, Reading(samples: 40_000)));
        yield return Reply(version, Text(version, ReplyAction, new string('y', 150 * 1024)));
        yield return Reply(version, Message.CreateMessage(version, ReplyAction, Reading(samples: 4)));
    }

    private static IEnumerable<Message> OneWay(MessageVersion version, CorpusStrings strings)
    {
        for (var i = 0; i < 3; i++)
        {
            var message = Message.CreateMessage(version, Action, Reading(samples: i));
            message.Headers.To = To;
            message.Headers.Add(new CorpusHeader(strings.Tenant, strings.Namespace, strings.Contoso));
            yield return message;
        }
    }

    private static IEnumerable<Message> Callbacks(MessageVersion version, CorpusStrings strings)
    {
        // Service to client on the client's own session: one-way callbacks and two-way ones that ask for an answer.
        for (var i = 0; i < 3; i++)
        {
            var message = Message.CreateMessage(version, "urn:corpus/Callback", Reading(samples: i + 1));
            message.Headers.To = new Uri(version.Addressing == AddressingVersion.WSAddressing10
                ? "http://www.w3.org/2005/08/addressing/anonymous"
                : "http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous");
            if (i > 0)
            {
                message.Headers.MessageId = NextId();
                AnonymousReplyTo(message);
            }

            yield return message;
        }

        yield return Records(version, "urn:corpus/Callback", strings);
    }

    /// <summary>A SOAP fault as WCF writes one with a DataContract detail: Sender with a subcode, a reason, the detail.</summary>
    internal static void WriteFault(XmlDictionaryWriter writer, MessageVersion version)
    {
        var soap = version.Envelope == EnvelopeVersion.Soap12 ? "http://www.w3.org/2003/05/soap-envelope" : "http://schemas.xmlsoap.org/soap/envelope/";
        writer.WriteStartElement("s", "Fault", soap);
        writer.WriteStartElement("s", "Code", soap);
        writer.WriteElementString("s", "Value", soap, "s:Sender");
        writer.WriteStartElement("s", "Subcode", soap);
        writer.WriteStartElement("s", "Value", soap);
        writer.WriteXmlnsAttribute("a", "urn:corpus:faults");
        writer.WriteString("a:InvalidReading");
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.WriteStartElement("s", "Reason", soap);
        writer.WriteStartElement("s", "Text", soap);
        writer.WriteAttributeString("xml", "lang", null, "en-US");
        writer.WriteString("The reading is out of range.");
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.WriteStartElement("s", "Detail", soap);
        new DataContractSerializer(typeof(CorpusNote)).WriteObject(writer, new CorpusNote { Text = "detail", Amount = 42m, Duration = TimeSpan.FromSeconds(3) });
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static Message Request(Message message)
    {
        message.Headers.MessageId = NextId();
        AnonymousReplyTo(message);
        message.Headers.To = To;
        return message;
    }

    /// <summary>
    /// ReplyTo anonymous, as a request-reply client sends it. Not for WS-Addressing August 2004: the client library's
    /// reader throws PlatformNotSupportedException on its ReplyTo (the router takes it out before reading).
    /// </summary>
    private static void AnonymousReplyTo(Message message)
    {
        if (message.Version.Addressing == AddressingVersion.WSAddressing10)
        {
            message.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
        }
    }

    private static Message Reply(MessageVersion version, Message message)
    {
        message.Headers.RelatesTo = NextId();
        if (version.Addressing == AddressingVersion.WSAddressing10)
        {
            message.Headers.To = new Uri("http://www.w3.org/2005/08/addressing/anonymous");
        }

        return message;
    }

    /// <summary>A MessageID or RelatesTo: the same on every run, so the fuzz's mutations land on the same bytes.</summary>
    private static UniqueId NextId() => new(new Guid(Interlocked.Increment(ref _ids), 0x5E55, 0x10, 1, 2, 3, 4, 5, 6, 7, 8));

    private static Message Records(MessageVersion version, string action, CorpusStrings strings) =>
        Message.CreateMessage(version, action, new DelegateBodyWriter(strings.WriteRecords));

    private static Message Text(MessageVersion version, string action, string text) =>
        Message.CreateMessage(version, action, new DelegateBodyWriter(writer => writer.WriteElementString("Echo", "urn:corpus:text", text)));

    internal static CorpusReading Reading(int samples) => new()
    {
        Sensor = "sensor-" + samples,
        Kind = samples % 2 == 0 ? CorpusReadingKind.Temperature : CorpusReadingKind.Pressure,
        Samples = [.. Enumerable.Range(0, samples)],
        Values = [.. Enumerable.Range(0, samples / 2).Select(i => i * 0.5)],
        Taken = new DateTime(2024, 5, 1, 12, 0, 0, DateTimeKind.Utc),
        Id = new Guid(samples, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        Notes = [new CorpusNote { Text = "first", Amount = 1.25m }, new CorpusNote { Text = "second", Amount = 2m, Duration = TimeSpan.FromMinutes(1) }],
    };
}
