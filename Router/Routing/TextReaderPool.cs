using System.Xml;

namespace SoapRouter.Routing;

/// <summary>
/// A small pool of UTF-8 text XML readers, each set to the next message's bytes with
/// <see cref="IXmlTextReaderInitializer.SetInput(byte[], int, int, System.Text.Encoding?, XmlDictionaryReaderQuotas, OnXmlDictionaryReaderClose?)"/>
/// instead of built anew: a new reader costs several KB of buffers and name table per message (WCF's encoders pool
/// theirs the same way). A reader comes back when its holder closes (disposes) it, once.
/// </summary>
internal sealed class TextReaderPool
{
    private readonly XmlDictionaryReader?[] _readers;
    private readonly XmlDictionaryReaderQuotas _quotas;
    private readonly OnXmlDictionaryReaderClose _onClose;

    /// <summary>A pool of up to <paramref name="size"/> idle readers that read with <paramref name="quotas"/>.</summary>
    public TextReaderPool(XmlDictionaryReaderQuotas quotas, int size = 64)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(size, 1);
        _quotas = quotas;
        _readers = new XmlDictionaryReader?[size];
        _onClose = Return;
    }

    /// <summary>
    /// A reader on <paramref name="message"/>, which must outlive it; dispose the reader to give it back. Bad input that
    /// the reader sees at once (an encoding it cannot read) throws what the reader throws.
    /// </summary>
    public XmlDictionaryReader Rent(ArraySegment<byte> message)
    {
        var array = message.Array ?? throw new ArgumentException("The message has no array.", nameof(message));
        for (var i = 0; i < _readers.Length; i++)
        {
            var reader = Interlocked.Exchange(ref _readers[i], null);
            if (reader is not null)
            {
                // A reader that fails here is dropped: it never reaches a caller, so it never comes back.
                ((IXmlTextReaderInitializer)reader).SetInput(array, message.Offset, message.Count, encoding: null, _quotas, _onClose);
                return reader;
            }
        }

        return XmlDictionaryReader.CreateTextReader(array, message.Offset, message.Count, encoding: null, _quotas, _onClose);
    }

    private void Return(XmlDictionaryReader reader)
    {
        for (var i = 0; i < _readers.Length; i++)
        {
            if (Interlocked.CompareExchange(ref _readers[i], reader, null) is null)
            {
                return;
            }
        }

        // A full pool drops the reader: the garbage collector takes it, as it took every reader before pooling.
    }
}
