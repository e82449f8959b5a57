using System.Runtime.Serialization;
using System.Text;
using System.Xml;

namespace Samples.Payloads;

/// <summary>Serializes data contracts with the DataContractSerializer in text or binary XML, as a WCF body would be.</summary>
public static class PayloadSerializer
{
    /// <summary>Serializes <paramref name="graph"/> to bytes in the given encoding.</summary>
    public static byte[] Serialize<T>(T graph, PayloadEncoding encoding)
    {
        using var stream = new MemoryStream();
        using (var writer = CreateWriter(stream, encoding))
        {
            SerializerCache<T>.Instance.WriteObject(writer, graph);
        }

        return stream.ToArray();
    }

    /// <summary>Reads a <typeparamref name="T"/> back from bytes written by <see cref="Serialize{T}"/>.</summary>
    public static T Deserialize<T>(byte[] data, PayloadEncoding encoding)
    {
        ArgumentNullException.ThrowIfNull(data);
        using var reader = encoding == PayloadEncoding.BinaryXml
            ? XmlDictionaryReader.CreateBinaryReader(data, XmlDictionaryReaderQuotas.Max)
            : XmlDictionaryReader.CreateTextReader(data, XmlDictionaryReaderQuotas.Max);
        return (T)SerializerCache<T>.Instance.ReadObject(reader)!;
    }

    private static XmlDictionaryWriter CreateWriter(Stream stream, PayloadEncoding encoding) => encoding switch
    {
        PayloadEncoding.TextXml => XmlDictionaryWriter.CreateTextWriter(stream, Encoding.UTF8, ownsStream: false),
        PayloadEncoding.BinaryXml => XmlDictionaryWriter.CreateBinaryWriter(stream, dictionary: null, session: null, ownsStream: false),
        _ => throw new ArgumentOutOfRangeException(nameof(encoding), encoding, "Unknown payload encoding."),
    };

    // One serializer per type: building the contract is the expensive part, and instances are thread-safe.
    private static class SerializerCache<T>
    {
        public static readonly DataContractSerializer Instance = new(typeof(T));
    }
}
