using System.Xml;

namespace SoapRouter.Routing;

/// <summary>
/// A small pool of text XML readers (UTF-8, or UTF-16 with a byte order mark), each set to the next message's bytes with
/// <see cref="IXmlTextReaderInitializer.SetInput(byte[], int, int, System.Text.Encoding?, XmlDictionaryReaderQuotas, OnXmlDictionaryReaderClose?)"/>
/// instead of built anew (WCF's encoders pool theirs the same way).
/// </summary>
internal sealed class TextReaderPool : XmlReaderPool
{
    /// <summary>A pool of up to <paramref name="size"/> idle readers that read with <paramref name="quotas"/>.</summary>
    public TextReaderPool(XmlDictionaryReaderQuotas quotas, int size = 64)
        : base(quotas, size)
    {
    }

    /// <inheritdoc />
    protected override XmlDictionaryReader Create(byte[] array, int offset, int count, OnXmlDictionaryReaderClose onClose) =>
        XmlDictionaryReader.CreateTextReader(array, offset, count, encoding: null, Quotas, onClose);

    /// <inheritdoc />
    protected override void SetInput(XmlDictionaryReader reader, byte[] array, int offset, int count, OnXmlDictionaryReaderClose onClose) =>
        ((IXmlTextReaderInitializer)reader).SetInput(array, offset, count, encoding: null, Quotas, onClose);
}
