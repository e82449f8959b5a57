using System.Xml;

namespace SoapRouter.Listening;

/// <summary>
/// Writes the router's own (text) fault envelopes as msbin1 for binaryHttp listeners. Strings are written inline, not
/// as dictionary references, which every msbin1 reader accepts, with or without WCF's static dictionary. Cold path.
/// </summary>
internal static class BinaryFaultEncoder
{
    /// <summary>The msbin1 form of <paramref name="textEnvelope"/> (UTF-8 XML written by the router itself).</summary>
    public static byte[] Encode(byte[] textEnvelope)
    {
        ArgumentNullException.ThrowIfNull(textEnvelope);
        using var reader = XmlDictionaryReader.CreateTextReader(textEnvelope, XmlDictionaryReaderQuotas.Max);
        using var stream = new MemoryStream(textEnvelope.Length);
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(stream))
        {
            writer.WriteNode(reader, defattr: true);
        }

        return stream.ToArray();
    }
}
