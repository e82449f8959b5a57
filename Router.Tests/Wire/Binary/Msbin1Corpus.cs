using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Session-free msbin1 envelopes written by WCF's own binary encoder, for each SOAP and WS-Addressing version a binary
/// destination may speak: replies (RelatesTo as UniqueId text), DataContract bodies with every primitive member and
/// arrays of primitives (typed text and Array records), SOAP faults with detail and xml:lang, a 150 KB string,
/// unicode and markup characters in text and attribute values, empty elements, comments, typed values written
/// directly, one-way messages; plus the session translator's corpus translated to session-free msbin1.
/// </summary>
internal static class Msbin1Corpus
{
    /// <summary>The versions the corpus is written in: WCF's binary encoder speaks SOAP 1.2 only.</summary>
    public static readonly MessageVersion[] Versions =
        [MessageVersion.Soap12WSAddressing10, MessageVersion.Soap12WSAddressingAugust2004, MessageVersion.Soap12];

    /// <summary>Text with every character escaping must keep: markup, quotes, CR, LF, TAB, a CDATA end, non-ASCII.</summary>
    public const string Awkward = "a & b < c > d \" e ' f ]]> g\r\nh\ri\tj\n  k é ✓ 𝄞 \u00A0";

    private static readonly int[] Ints = [1, -2, 300000];
    private static readonly bool[] Bools = [true, false];
    private static readonly Lazy<IReadOnlyList<Msbin1Case>> Built = new(Build);
    private static int _ids;

    /// <summary>Every corpus envelope.</summary>
    public static IReadOnlyList<Msbin1Case> Cases => Built.Value;

    /// <summary>A sample with every member set.</summary>
    public static Msbin1Sample Sample(int size) => new()
    {
        Count = 1000 * size,
        Total = long.MinValue + size,
        Big = ulong.MaxValue - (ulong)size,
        Flag = size % 2 == 0,
        Ratio = 1.0 / 3 * size,
        Fraction = 0.1f * size,
        Price = 12345.6789m * size,
        Utc = new DateTime(2024, 5, 1, 12, 30, 15, DateTimeKind.Utc).AddTicks(1234567 * size),
        Unspecified = new DateTime(1999, 12, 31, 23, 59, 59, DateTimeKind.Unspecified),
        Duration = TimeSpan.FromTicks(-123456789012 * size),
        Id = new Guid(size, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
        Blob = [.. Enumerable.Range(0, 40 * size).Select(i => (byte)i)],
        Name = Awkward,
        Ints = [.. Enumerable.Range(-size, 3 * size)],
        Longs = [long.MaxValue, 0, -1],
        Flags = [true, false, true],
        Doubles = [0.1, -0.0, double.PositiveInfinity, double.NegativeInfinity, double.NaN, 1e300, 5e-324, 123456789012345678],
        Fractions = [0.1f, float.MaxValue, float.Epsilon, -1.5f],
        Prices = [0m, -1.10m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m],
        Times = [DateTime.MinValue, DateTime.MaxValue, new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc)],
        Durations = [TimeSpan.Zero, TimeSpan.MaxValue, TimeSpan.MinValue, TimeSpan.FromMilliseconds(1.5), TimeSpan.FromDays(3)],
        Ids = [Guid.Empty, new Guid(7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)],
        Shorts = [short.MinValue, short.MaxValue],
        Names = ["one", "", Awkward],
        Anything = size % 2 == 0 ? 42 : "boxed",
    };

    private static List<Msbin1Case> Build()
    {
        var cases = new List<Msbin1Case>();
        foreach (var version in Versions)
        {
            var differential = new Msbin1TextDifferential(version);
            void Add(string name, Message message) => cases.Add(new Msbin1Case(name, version, differential.Write(message)));

            Add("reply with a sample", Reply(Message.CreateMessage(version, Action(version, "urn:corpus/Reply"), Sample(1))));
            Add("reply with a large sample", Reply(Message.CreateMessage(version, Action(version, "urn:corpus/Reply"), Sample(6))));
            Add("reply with a reading", Reply(Message.CreateMessage(version, Action(version, "urn:corpus/Reply"), new CorpusReading { Sensor = "s", Samples = [1, 2, 3], Values = [0.5], Notes = [new CorpusNote { Text = "n", Amount = 1.5m }] })));
            Add("fault", Reply(Fault(version)));
            Add("fault with detail", Reply(Body(version, w => SessionCorpus.WriteFault(w, version))));
            Add("150 KB string", Reply(Body(version, w => w.WriteElementString("Echo", "urn:corpus:text", new string('y', 150 * 1024)))));
            Add("awkward text", Reply(Body(version, WriteAwkward)));
            Add("typed values", Reply(Body(version, WriteTyped)));
            Add("one-way", OneWay(Message.CreateMessage(version, Action(version, "urn:corpus/Notify"), Sample(2))));
            Add("empty body", Reply(Message.CreateMessage(version, Action(version, "urn:corpus/Empty"))));
        }

        foreach (var session in SessionCorpus.Sessions)
        {
            var translator = new SessionDifferential(session.Binding);
            for (var i = 0; i < session.Payloads.Count; i++)
            {
                var translation = translator.Translate(session.Payloads.Take(i), session.Payloads[i]);
                Assert.True(translation.Succeeded, translation.Problem);
                cases.Add(new Msbin1Case($"{session} payload {i}", session.Binding.MessageVersion, translation.Records.ToArray()));
                translator.Pool.Return(translation.Buffer!);
            }
        }

        return cases;
    }

    /// <summary><paramref name="action"/>, or none where the version has no WS-Addressing (WCF reads no Action header there).</summary>
    private static string? Action(MessageVersion version, string action) => version.Addressing == AddressingVersion.None ? null : action;

    private static Message Reply(Message message)
    {
        if (message.Version.Addressing != AddressingVersion.None)
        {
            message.Headers.RelatesTo = new UniqueId(new Guid(Interlocked.Increment(ref _ids), 0xB2, 0x7E, 1, 2, 3, 4, 5, 6, 7, 8));
            message.Headers.MessageId = new UniqueId("urn:corpus:not-a-guid:" + _ids);
        }

        return message;
    }

    private static Message OneWay(Message message)
    {
        if (message.Version.Addressing != AddressingVersion.None)
        {
            message.Headers.To = new Uri("http://client.test/callback?a=1&b=2");
        }

        return message;
    }

    private static Message Fault(MessageVersion version)
    {
        var code = FaultCode.CreateSenderFaultCode(new FaultCode("InvalidReading", "urn:corpus:faults"));
        var detail = new CorpusNote { Text = "detail", Amount = 42m, Duration = TimeSpan.FromSeconds(3) };
        return Message.CreateMessage(version, code, "The reading is out of range & <bad>.", detail, Action(version, "urn:corpus/Fault"));
    }

    private static Message Body(MessageVersion version, Action<XmlDictionaryWriter> write) =>
        Message.CreateMessage(version, Action(version, "urn:corpus/Reply"), new DelegateBodyWriter(write));

    private static void WriteAwkward(XmlDictionaryWriter writer)
    {
        writer.WriteStartElement("p", "Awkward", "urn:corpus:awkward");
        writer.WriteAttributeString("note", Awkward);
        writer.WriteAttributeString("q", "attr", "urn:corpus:q", "\t\r\n<&>\"'");
        writer.WriteElementString("Text", "urn:corpus:awkward", Awkward);
        writer.WriteStartElement("Empty");
        writer.WriteEndElement();
        writer.WriteStartElement("EmptyWithAttribute");
        writer.WriteAttributeString("a", string.Empty);
        writer.WriteEndElement();
        writer.WriteElementString("EmptyString", string.Empty);
        writer.WriteComment(" a comment with < & > ");
        writer.WriteElementString("Spaces", "   \t\n  ");
        writer.WriteElementString("Unicode", "日本語 Ελληνικά עברית 🎉");
        writer.WriteEndElement();
    }

    private static void WriteTyped(XmlDictionaryWriter writer)
    {
        writer.WriteStartElement("Typed", "urn:corpus:typed");
        writer.WriteStartAttribute("int");
        writer.WriteValue(-5);
        writer.WriteEndAttribute();
        writer.WriteStartAttribute("when");
        writer.WriteValue(new DateTime(2001, 2, 3, 4, 5, 6, 700, DateTimeKind.Utc));
        writer.WriteEndAttribute();
        writer.WriteStartAttribute("id");
        writer.WriteValue(new UniqueId(new Guid(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)));
        writer.WriteEndAttribute();
        foreach (var value in new object[] { 0, 1, 127, -128, 32767, int.MaxValue, long.MaxValue, true, false, 2.5, 1.5f, 7.25m, TimeSpan.FromHours(25.5), Guid.NewGuid(), new byte[] { 1, 2, 3 }, Array.Empty<byte>() })
        {
            writer.WriteStartElement("v");
            switch (value)
            {
                case byte[] bytes:
                    writer.WriteBase64(bytes, 0, bytes.Length);
                    break;
                default:
                    writer.WriteValue(value);
                    break;
            }

            writer.WriteEndElement();
        }

        writer.WriteStartElement("unique");
        writer.WriteValue(new UniqueId(new Guid(9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9)));
        writer.WriteEndElement();
        writer.WriteStartElement("list");
        writer.WriteStartAttribute("items");
        writer.WriteValue(new object[] { 1, "two", 3.5 });
        writer.WriteEndAttribute();
        writer.WriteEndElement();
        writer.WriteArray(null, "ints", "urn:corpus:typed", Ints, 0, Ints.Length);
        writer.WriteArray("t", "bools", "urn:corpus:typed", Bools, 0, Bools.Length);
        writer.WriteEndElement();
    }
}
