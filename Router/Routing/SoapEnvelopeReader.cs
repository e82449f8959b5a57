using System.Xml;
using SoapRouter.Configuration;

namespace SoapRouter.Routing;

/// <summary>
/// Reads SOAP envelopes up to the Body into <see cref="SoapMessageView"/>s. Built once per configuration
/// snapshot and shared: it holds only the quotas.
/// </summary>
internal sealed class SoapEnvelopeReader
{
    private readonly XmlDictionaryReaderQuotas _quotas;
    private readonly int _maxDepth;
    private readonly int _maxStringContentLength;

    /// <summary>Creates a reader that applies <paramref name="quotas"/> to every message.</summary>
    public SoapEnvelopeReader(ReaderQuotasConfig quotas)
    {
        ArgumentNullException.ThrowIfNull(quotas);
        _maxDepth = quotas.MaxDepth;
        _maxStringContentLength = quotas.MaxStringContentLength;
        _quotas = new XmlDictionaryReaderQuotas
        {
            MaxDepth = quotas.MaxDepth,
            MaxStringContentLength = quotas.MaxStringContentLength,
            MaxArrayLength = quotas.MaxArrayLength,
            MaxBytesPerRead = quotas.MaxBytesPerRead,
            MaxNameTableCharCount = quotas.MaxNameTableCharCount,
        };
    }

    /// <summary>
    /// Reads a text envelope (UTF-8, or UTF-16 with a byte order mark) in place. The dictionary text reader
    /// refuses any DTD and never resolves external entities, and it enforces the depth and name-table quotas.
    /// </summary>
    /// <param name="message">The encoded message; it must outlive the returned view.</param>
    /// <param name="path">The request path of the listener the message arrived on.</param>
    /// <param name="transportAction">The transport's action (see <see cref="TransportAction"/>), used when there is no wsa:Action.</param>
    public SoapParseResult ReadText(ArraySegment<byte> message, string path, string? transportAction)
    {
        if (message.Array is null || message.Count == 0)
        {
            return SoapParseResult.Failure(SoapParseErrorKind.MalformedXml);
        }

        XmlDictionaryReader reader;
        try
        {
            reader = XmlDictionaryReader.CreateTextReader(message.Array, message.Offset, message.Count, encoding: null, _quotas, onClose: null);
        }
        catch (Exception ex) when (XmlReadErrors.IsBadInput(ex))
        {
            return SoapParseResult.Failure(SoapParseErrorKind.MalformedXml);
        }

        return Read(reader, path, transportAction, SoapBodySource.Text(message, _quotas));
    }

    /// <summary>
    /// Reads a binary (msbin1) envelope in place. WCF peers encode with the ServiceModel static dictionary
    /// and, on net.tcp, a per-connection session; the caller supplies both.
    /// </summary>
    public SoapParseResult ReadBinary(
        ArraySegment<byte> message,
        IXmlDictionary? dictionary,
        XmlBinaryReaderSession? session,
        string path,
        string? transportAction)
    {
        if (message.Array is null || message.Count == 0)
        {
            return SoapParseResult.Failure(SoapParseErrorKind.MalformedXml);
        }

        XmlDictionaryReader reader;
        try
        {
            reader = XmlDictionaryReader.CreateBinaryReader(message.Array, message.Offset, message.Count, dictionary, _quotas, session);
        }
        catch (Exception ex) when (XmlReadErrors.IsBadInput(ex))
        {
            return SoapParseResult.Failure(SoapParseErrorKind.MalformedXml);
        }

        return Read(reader, path, transportAction, SoapBodySource.Binary(message, _quotas, dictionary, session));
    }

    /// <summary>
    /// Reads an envelope from any reader and takes ownership of it. The reader should carry its own quotas
    /// (as the dictionary readers above do): this method bounds header depth and text, not the body's.
    /// </summary>
    public SoapParseResult Read(XmlReader reader, string path, string? transportAction) =>
        Read(reader, path, transportAction, bodySource: default);

    private SoapParseResult Read(XmlReader reader, string path, string? transportAction, SoapBodySource bodySource)
    {
        ArgumentNullException.ThrowIfNull(reader);
        var keepReader = false;
        try
        {
            var parser = new SoapEnvelopeParser(reader, _maxDepth, _maxStringContentLength);
            var error = parser.Parse(out var version, out var bodyIsEmpty);
            if (error != SoapParseErrorKind.None)
            {
                return SoapParseResult.Failure(error);
            }

            var addressing = parser.Addressing;
            var action = addressing.Action ?? (string.IsNullOrEmpty(transportAction) ? null : transportAction);
            keepReader = !bodyIsEmpty;
            var view = new SoapMessageView(
                version,
                addressing,
                action,
                path ?? "",
                parser.Headers,
                keepReader ? reader : null,
                _maxDepth,
                bodySource);
            return SoapParseResult.Success(view);
        }
        catch (Exception ex) when (XmlReadErrors.IsBadInput(ex))
        {
            keepReader = false;
            return SoapParseResult.Failure(XmlReadErrors.Classify(reader, _maxDepth));
        }
        finally
        {
            if (!keepReader)
            {
                reader.Dispose();
            }
        }
    }
}
