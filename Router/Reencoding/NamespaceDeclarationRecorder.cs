using System.Xml;

namespace SoapRouter.Reencoding;

/// <summary>
/// An <see cref="XmlDictionaryWriter"/> that writes nothing and keeps the namespace declarations written through it:
/// a received message writes its Envelope and Body start tags with the attributes it read (WCF keeps them), which is the
/// only public way to learn the declarations a message's body sees from outside the body.
/// </summary>
internal sealed class NamespaceDeclarationRecorder(EnvelopeNamespaces into) : XmlDictionaryWriter
{
    private const string XmlnsNamespace = "http://www.w3.org/2000/xmlns/";

    // The prefix of the declaration being written (null: the attribute being written is not a declaration), and its value.
    private string? _prefix;
    private string _value = string.Empty;

    /// <inheritdoc />
    public override WriteState WriteState => _prefix is null ? WriteState.Element : WriteState.Attribute;

    /// <inheritdoc />
    public override void WriteStartAttribute(string? prefix, string localName, string? ns)
    {
        // xmlns:p="..." arrives as (xmlns, p) or (p with the xmlns namespace); xmlns="..." as (null or "", xmlns).
        _prefix = prefix == "xmlns" || ns == XmlnsNamespace ? (localName == "xmlns" ? string.Empty : localName)
            : string.IsNullOrEmpty(prefix) && localName == "xmlns" ? string.Empty
            : null;
        _value = string.Empty;
    }

    /// <inheritdoc />
    public override void WriteString(string? text)
    {
        if (_prefix is not null)
        {
            _value = _value.Length == 0 ? text ?? string.Empty : _value + text;
        }
    }

    /// <inheritdoc />
    public override void WriteEndAttribute()
    {
        if (_prefix is not null)
        {
            into.Declare(_prefix, _value);
        }

        _prefix = null;
    }

    /// <inheritdoc />
    public override void WriteChars(char[] buffer, int index, int count) => WriteString(new string(buffer, index, count));

    /// <inheritdoc />
    public override void WriteStartElement(string? prefix, string localName, string? ns) => _prefix = null;

    /// <inheritdoc />
    public override string? LookupPrefix(string ns) => null;

    /// <inheritdoc />
    public override void Flush()
    {
    }

    /// <inheritdoc />
    public override void WriteEndElement()
    {
    }

    /// <inheritdoc />
    public override void WriteFullEndElement()
    {
    }

    /// <inheritdoc />
    public override void WriteStartDocument()
    {
    }

    /// <inheritdoc />
    public override void WriteStartDocument(bool standalone)
    {
    }

    /// <inheritdoc />
    public override void WriteEndDocument()
    {
    }

    /// <inheritdoc />
    public override void WriteDocType(string name, string? pubid, string? sysid, string? subset)
    {
    }

    /// <inheritdoc />
    public override void WriteCData(string? text)
    {
    }

    /// <inheritdoc />
    public override void WriteComment(string? text)
    {
    }

    /// <inheritdoc />
    public override void WriteProcessingInstruction(string name, string? text)
    {
    }

    /// <inheritdoc />
    public override void WriteEntityRef(string name)
    {
    }

    /// <inheritdoc />
    public override void WriteCharEntity(char ch) => WriteString(ch.ToString());

    /// <inheritdoc />
    public override void WriteSurrogateCharEntity(char lowChar, char highChar) => WriteString(new string([highChar, lowChar]));

    /// <inheritdoc />
    public override void WriteWhitespace(string? ws)
    {
    }

    /// <inheritdoc />
    public override void WriteRaw(char[] buffer, int index, int count) => WriteChars(buffer, index, count);

    /// <inheritdoc />
    public override void WriteRaw(string data) => WriteString(data);

    /// <inheritdoc />
    public override void WriteBase64(byte[] buffer, int index, int count)
    {
    }
}
