using System.Xml;
using SoapRouter.Configuration;
using SoapRouter.Wire.Errors;

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
    private readonly TextReaderPool _readers;
    private readonly Msbin1ReaderPool _msbin1Readers;

    /// <summary>Creates a reader that applies <paramref name="quotas"/> to every message.</summary>
    public SoapEnvelopeReader(ReaderQuotasConfig quotas)
    {
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
        _readers = new TextReaderPool(_quotas);
        _msbin1Readers = new Msbin1ReaderPool(_quotas);
    }

    /// <summary>
    /// Reads a text envelope (UTF-8, or UTF-16 with a byte order mark) in place. The dictionary text reader
    /// refuses any DTD and never resolves external entities, and it enforces the depth and name-table quotas.
    /// </summary>
    /// <param name="message">The encoded message; it must outlive the returned view.</param>
    /// <param name="path">The request path of the listener the message arrived on.</param>
    /// <param name="transportAction">The transport's action (see <see cref="TransportAction"/>), used when there is no wsa:Action.</param>
    /// <param name="validateBody">
    /// Also read the body and whatever follows it to the end of the message (one forward pass, nothing kept), so a message
    /// broken after its headers (unclosed, truncated, too deep, a DTD, trailing bytes) fails here rather than at the backend.
    /// </param>
    public SoapParseResult ReadText(ArraySegment<byte> message, string path, string? transportAction, bool validateBody = false) =>
        ReadPooled(message, _readers, SoapBodySource.Text(message, _readers), path, transportAction, validateBody);

    /// <summary>
    /// Reads an msbin1 envelope (WCF's binary encoding without a session: a binaryHttp message, or a net.tcp session's
    /// message once its session strings are translated) in place, as <see cref="ReadText"/> reads text: no WCF message.
    /// </summary>
    public SoapParseResult ReadMsbin1(ArraySegment<byte> message, string path, string? transportAction, bool validateBody = false) =>
        ReadPooled(message, _msbin1Readers, SoapBodySource.Msbin1(message, _msbin1Readers), path, transportAction, validateBody);

    /// <summary>The text envelope <paramref name="message"/> (which must outlive its readers), read again with this reader's pool and quotas.</summary>
    public SoapBodySource Envelope(ArraySegment<byte> message) => SoapBodySource.Text(message, _readers);

    /// <summary>The msbin1 envelope <paramref name="message"/> (which must outlive its readers), read again with this reader's pool and quotas.</summary>
    public SoapBodySource Msbin1Envelope(ArraySegment<byte> message) => SoapBodySource.Msbin1(message, _msbin1Readers);

    /// <summary>
    /// Reads an envelope from any reader and takes ownership of it. The reader should carry its own quotas
    /// (as the dictionary readers above do): this method bounds header depth and text, not the body's.
    /// </summary>
    public SoapParseResult Read(XmlReader reader, string path, string? transportAction) =>
        Read(reader, path, transportAction, bodySource: default, validateBody: false);

    private SoapParseResult ReadPooled(
        ArraySegment<byte> message, XmlReaderPool readers, SoapBodySource bodySource, string path, string? transportAction, bool validateBody)
    {
        if (message.Array is null || message.Count == 0)
        {
            return SoapParseResult.Failure(SoapParseErrorKind.MalformedXml);
        }

        XmlDictionaryReader reader;
        try
        {
            reader = readers.Rent(message);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return SoapParseResult.Failure(SoapParseErrorKind.MalformedXml);
        }

        return Read(reader, path, transportAction, bodySource, validateBody);
    }

    private SoapParseResult Read(XmlReader reader, string path, string? transportAction, SoapBodySource bodySource, bool validateBody)
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

            // Checked before anything is built from the headers. The reader is used up: a route that reads the body
            // opens the buffer again through the body source (only ReadText validates, and it always has one).
            if (validateBody)
            {
                ReadToEnd(reader);
            }

            var addressing = parser.Addressing;
            var action = addressing.Action ?? (string.IsNullOrEmpty(transportAction) ? null : transportAction);
            keepReader = !bodyIsEmpty && !validateBody;
            var view = new SoapMessageView(
                version,
                addressing,
                action,
                path ?? "",
                parser.Headers,
                keepReader ? reader : null,
                _maxDepth,
                bodySource,
                bodyIsEmpty);
            return SoapParseResult.Success(view);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
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

    /// <summary>
    /// From the Body start tag, reads past the whole Body and on to the end of the message; the reader's quotas (depth,
    /// names) and its refusal of DTDs apply to every node. Bad input throws what the reader throws.
    /// </summary>
    private static void ReadToEnd(XmlReader reader)
    {
        reader.Skip();
        while (reader.Read())
        {
        }
    }
}
