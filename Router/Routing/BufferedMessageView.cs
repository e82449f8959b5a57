using System.Diagnostics.CodeAnalysis;
using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using System.Xml.XPath;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Routing;

/// <summary>
/// A message read by one of WCF's encoders (msbin1 and, later, net.tcp sessions), as routing sees it. Headers come
/// from WCF's header collection; the body is read from a fresh copy of the buffer only when a filter asks, so the
/// buffer stays whole for forwarding. Not thread-safe: one message is routed by one thread at a time.
/// </summary>
internal sealed class BufferedMessageView : IRoutableMessage
{
    private readonly MessageBuffer _buffer;
    private readonly Message _headersMessage;
    private readonly MessageHeaders _headers;
    private XPathNavigator? _bodyNavigator;
    private bool _bodyRead;

    /// <summary>A view of <paramref name="buffer"/>, which arrived on <paramref name="path"/> with transport action <paramref name="transportAction"/>.</summary>
    public BufferedMessageView(MessageBuffer buffer, string path, string? transportAction)
    {
        _buffer = buffer;

        // A message made from the buffer only to read headers: its body is never touched, so it costs no parsing.
        _headersMessage = buffer.CreateMessage();
        _headers = _headersMessage.Headers;
        Path = path;
        HasAddressing = !string.IsNullOrEmpty(_headers.Action);
        Action = HasAddressing ? _headers.Action : transportAction;
        MessageId = _headers.MessageId?.ToString();
        To = _headers.To;
    }

    /// <inheritdoc />
    public string? Action { get; }

    /// <inheritdoc />
    public string Path { get; }

    /// <summary>True when the message carries a wsa:Action, i.e. speaks WS-Addressing.</summary>
    public bool HasAddressing { get; }

    /// <summary>The wsa:MessageID, or null.</summary>
    public string? MessageId { get; }

    /// <summary>The wsa:To, or null.</summary>
    public Uri? To { get; }

    /// <summary>
    /// Reads the body of the message the headers came from to its end, once (the body check): the headers stay readable,
    /// and no other message is made for it. Bad input throws what WCF's reader throws.
    /// </summary>
    public void ReadBodyToEnd() => Pipeline.MessageBodyCheck.ReadToEnd(_headersMessage);

    /// <inheritdoc />
    public bool TryGetHeader(string localName, string ns, [NotNullWhen(true)] out string? value)
    {
        var index = _headers.FindHeader(localName, ns);
        if (index < 0)
        {
            value = null;
            return false;
        }

        using var reader = _headers.GetReaderAtHeader(index);
        value = StringValue(reader);
        return true;
    }

    /// <inheritdoc />
    public XPathNavigator? CreateBodyNavigator()
    {
        if (!_bodyRead)
        {
            _bodyRead = true;
            _bodyNavigator = ReadBody();
        }

        // A clone per caller: a filter that moves its navigator must not move another filter's.
        return _bodyNavigator?.Clone();
    }

    /// <inheritdoc />
    public XmlReader? OpenBodyReader()
    {
        // Each reader reads its own message made from the buffer; the buffer's bytes stay shared and untouched.
        var message = _buffer.CreateMessage();
        try
        {
            if (message.IsEmpty)
            {
                return null;
            }

            var reader = message.GetReaderAtBodyContents();
            if (reader.MoveToContent() == XmlNodeType.Element)
            {
                return reader;
            }

            reader.Dispose();
            return null;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return null;
        }
    }

    private XPathNavigator? ReadBody()
    {
        var message = _buffer.CreateMessage();
        try
        {
            if (message.IsEmpty)
            {
                return null;
            }

            using var reader = message.GetReaderAtBodyContents();
            if (reader.MoveToContent() != XmlNodeType.Element)
            {
                return null;
            }

            var navigator = new XPathDocument(reader.ReadSubtree()).CreateNavigator();
            navigator.MoveToFirstChild();
            return navigator;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            // An unreadable body matches no body filter; forwarding lets the backend say what is wrong with it.
            return null;
        }
        finally
        {
            message.Close();
        }
    }

    /// <summary>The XPath string-value of the element the reader is on: all its descendant text.</summary>
    private static string StringValue(XmlDictionaryReader reader)
    {
        if (reader.IsEmptyElement)
        {
            return string.Empty;
        }

        var depth = reader.Depth;
        string? first = null;
        StringBuilder? builder = null;
        while (reader.Read() && reader.Depth > depth)
        {
            if (reader.NodeType is XmlNodeType.Text or XmlNodeType.CDATA or XmlNodeType.Whitespace or XmlNodeType.SignificantWhitespace)
            {
                // Most headers hold one text node: keep it as is and build a string only for mixed content.
                if (first is null)
                {
                    first = reader.Value;
                }
                else
                {
                    builder ??= new StringBuilder(first);
                    builder.Append(reader.Value);
                }
            }
        }

        return builder?.ToString() ?? first ?? string.Empty;
    }
}
