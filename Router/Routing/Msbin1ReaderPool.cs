using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Routing;

/// <summary>
/// A small pool of binary XML readers for msbin1 (binary over HTTP: WCF's static dictionary, no session), each set to the
/// next message's bytes with <see cref="IXmlBinaryReaderInitializer"/> instead of built anew. WCF's own buffered binary
/// messages make a new reader each time one is read again (every header written, every start tag asked for).
/// </summary>
internal sealed class Msbin1ReaderPool : XmlReaderPool
{
    // WCF's static dictionary, the one its msbin1 encoder writes names with: taken once from a name WCF read back.
    private static readonly Lazy<IXmlDictionary> StaticDictionary = new(WcfDictionary);

    /// <summary>A pool of up to <paramref name="size"/> idle readers that read with <paramref name="quotas"/>.</summary>
    public Msbin1ReaderPool(XmlDictionaryReaderQuotas quotas, int size = 64)
        : base(quotas, size)
    {
    }

    /// <inheritdoc />
    protected override XmlDictionaryReader Create(byte[] array, int offset, int count, OnXmlDictionaryReaderClose onClose) =>
        XmlDictionaryReader.CreateBinaryReader(array, offset, count, StaticDictionary.Value, Quotas, session: null, onClose);

    /// <inheritdoc />
    protected override void SetInput(XmlDictionaryReader reader, byte[] array, int offset, int count, OnXmlDictionaryReaderClose onClose) =>
        ((IXmlBinaryReaderInitializer)reader).SetInput(array, offset, count, StaticDictionary.Value, Quotas, session: null, onClose);

    /// <summary>
    /// The dictionary of the names in a message WCF's msbin1 encoder wrote and read back (its Action header's name is a
    /// dictionary string): WCF does not make its dictionary public, but each of its strings knows the dictionary it is in.
    /// </summary>
    private static IXmlDictionary WcfDictionary()
    {
        var codec = WireBindings.BinaryHttp.CreateCodec(WireLimits.ForSize(64 * 1024));
        byte[] bytes;
        using (var probe = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:soaprouter:probe"))
        {
            bytes = codec.WriteToArray(probe);
        }

        using var read = codec.Read(new ArraySegment<byte>(bytes));
        using var reader = read.Headers.GetReaderAtHeader(0);
        return reader.TryGetLocalNameAsDictionaryString(out var name) && name.Dictionary is { } dictionary
            ? dictionary
            : throw new InvalidOperationException("WCF's msbin1 encoder wrote the Action header without its dictionary.");
    }
}
