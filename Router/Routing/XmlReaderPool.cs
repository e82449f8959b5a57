using System.Xml;

namespace SoapRouter.Routing;

/// <summary>
/// A small pool of XML dictionary readers, each set to the next message's bytes instead of built anew: a new reader costs
/// several KB of buffers and name table per message. A reader comes back when its holder closes (disposes) it, once.
/// The encoding is the subclass's (<see cref="TextReaderPool"/>, <see cref="Msbin1ReaderPool"/>).
/// </summary>
internal abstract class XmlReaderPool
{
    private readonly XmlDictionaryReader?[] _readers;
    private readonly OnXmlDictionaryReaderClose _onClose;

    /// <summary>A pool of up to <paramref name="size"/> idle readers that read with <paramref name="quotas"/>.</summary>
    protected XmlReaderPool(XmlDictionaryReaderQuotas quotas, int size)
    {
        ArgumentNullException.ThrowIfNull(quotas);
        ArgumentOutOfRangeException.ThrowIfLessThan(size, 1);
        Quotas = quotas;
        _readers = new XmlDictionaryReader?[size];
        _onClose = Return;
    }

    /// <summary>The quotas every reader of the pool reads with.</summary>
    protected XmlDictionaryReaderQuotas Quotas { get; }

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
                SetInput(reader, array, message.Offset, message.Count, _onClose);
                return reader;
            }
        }

        return Create(array, message.Offset, message.Count, _onClose);
    }

    /// <summary>A new reader on the bytes that calls <paramref name="onClose"/> when closed.</summary>
    protected abstract XmlDictionaryReader Create(byte[] array, int offset, int count, OnXmlDictionaryReaderClose onClose);

    /// <summary>Sets a reader this pool made to the bytes, to call <paramref name="onClose"/> when closed again.</summary>
    protected abstract void SetInput(XmlDictionaryReader reader, byte[] array, int offset, int count, OnXmlDictionaryReaderClose onClose);

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
