using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// WCF's msbin1 static dictionary ([MC-NBFS]): the strings an even dictionary id names (id 2k is the k-th), in UTF-8.
/// Read once from WCF's own binary encoder (an envelope whose body has one DictionaryText record per id, read until
/// the encoder refuses an id), so it is exactly the table WCF reads and writes by, not a transcription of the spec.
/// </summary>
public static class StaticDictionary
{
    /// <summary>More ids than WCF's table has: the probe must meet the id WCF refuses.</summary>
    private const int ProbeCount = 1024;

    private static readonly byte[] Text;
    private static readonly int[] Starts;
    private static readonly int[] Sorted;

#pragma warning disable CA1810 // The three tables come from one read of WCF's table; field initializers would read it thrice.
    static StaticDictionary()
#pragma warning restore CA1810
    {
        var strings = ReadFromWcf();
        Starts = new int[strings.Count + 1];
        var bytes = new List<byte>();
        for (var i = 0; i < strings.Count; i++)
        {
            Starts[i] = bytes.Count;
            bytes.AddRange(System.Text.Encoding.UTF8.GetBytes(strings[i]));
        }

        Starts[strings.Count] = bytes.Count;
        Text = [.. bytes];
        // Ties keep the lowest index first, so TryFind answers the first id WCF's table has for a string.
        Sorted = [.. Enumerable.Range(0, strings.Count).OrderBy(i => i, Comparer<int>.Create(static (a, b) =>
        {
            var order = String(a).SequenceCompareTo(String(b));
            return order != 0 ? order : a.CompareTo(b);
        }))];
    }

    /// <summary>How many strings the table has (the largest id is twice this, less two).</summary>
    public static int Count => Starts.Length - 1;

    /// <summary>The UTF-8 text of static dictionary id <paramref name="id"/>; false for odd (session) ids and ids past the table.</summary>
    public static bool TryGet(int id, out ReadOnlySpan<byte> utf8)
    {
        if (id < 0 || (id & 1) != 0 || (id >> 1) >= Count)
        {
            utf8 = default;
            return false;
        }

        utf8 = String(id >> 1);
        return true;
    }

    /// <summary>The (lowest) static dictionary id of <paramref name="utf8"/>; false when the table does not have it.</summary>
    public static bool TryFind(ReadOnlySpan<byte> utf8, out int id)
    {
        int low = 0, high = Sorted.Length - 1;
        while (low <= high)
        {
            var middle = low + ((high - low) >> 1);
            var order = String(Sorted[middle]).SequenceCompareTo(utf8);
            if (order < 0)
            {
                low = middle + 1;
            }
            else
            {
                high = middle - 1;
            }
        }

        // low is the first entry not less than utf8: the lowest index among equal strings.
        if (low < Sorted.Length && String(Sorted[low]).SequenceEqual(utf8))
        {
            id = Sorted[low] << 1;
            return true;
        }

        id = 0;
        return false;
    }

    private static ReadOnlySpan<byte> String(int index) => Text.AsSpan(Starts[index], Starts[index + 1] - Starts[index]);

    /// <summary>The table as WCF's binary encoder reads it: the text of ids 0, 2, 4, ... up to the first it refuses.</summary>
    private static List<string> ReadFromWcf()
    {
        var element = new BinaryMessageEncodingBindingElement { MessageVersion = MessageVersion.Soap12 };
        XmlDictionaryReaderQuotas.Max.CopyTo(element.ReaderQuotas);
        var encoder = element.CreateMessageEncoderFactory().Encoder;
        var strings = new List<string>();
        using var message = encoder.ReadMessage(new ArraySegment<byte>(Probe()), CallerOwnedBufferManager.Instance, encoder.ContentType);
        using var reader = message.GetReaderAtBodyContents();
        try
        {
            while (reader.NodeType == XmlNodeType.Element)
            {
                strings.Add(reader.ReadElementContentAsString());
            }
        }
        catch (XmlException)
        {
            return strings;
        }

        throw new InvalidOperationException($"WCF's binary reader took all {ProbeCount} probed static dictionary ids: the table is larger than the probe.");
    }

    /// <summary>&lt;Envelope xmlns="soap12"&gt;&lt;Body&gt;, then &lt;a&gt;(dictionary text id 2k)&lt;/a&gt; for each k, then the ends.</summary>
    private static byte[] Probe()
    {
        var probe = new List<byte> { Msbin1Records.ShortDictionaryElement, Msbin1Records.EnvelopeId, Msbin1Records.ShortDictionaryXmlnsAttribute, Msbin1Records.Soap12Id };
        probe.AddRange([Msbin1Records.ShortDictionaryElement, Msbin1Records.BodyId]);
        Span<byte> id = stackalloc byte[MultiByteInt31.MaxLength];
        for (var k = 0; k < ProbeCount; k++)
        {
            probe.AddRange([Msbin1Records.ShortElement, 1, (byte)'a', Msbin1Records.DictionaryTextWithEndElement]);
            probe.AddRange(id[..MultiByteInt31.Write(id, 2 * k)]);
        }

        probe.AddRange([Msbin1Records.EndElement, Msbin1Records.EndElement]);
        return [.. probe];
    }
}
