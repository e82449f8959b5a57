using System.ServiceModel.Channels;
using System.Xml;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// A message body written by a delegate, for building messages whose body is not a serialized object graph WCF knows
/// (a document/literal wrapper, a hand-made element). The delegate may run more than once (the body is buffered in
/// WCF's sense: it can be written again, say when a message is copied), so it must write the same thing every time.
/// </summary>
public sealed class DelegateBodyWriter : BodyWriter
{
    private readonly Action<XmlDictionaryWriter> _write;

    /// <summary>A body written by <paramref name="write"/>, which writes the body's child elements.</summary>
    public DelegateBodyWriter(Action<XmlDictionaryWriter> write)
        : base(isBuffered: true)
    {
        ArgumentNullException.ThrowIfNull(write);
        _write = write;
    }

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer) => _write(writer);
}
