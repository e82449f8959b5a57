using System.ServiceModel.Channels;
using System.Xml;

namespace SoapRouter.Reencoding;

/// <summary>
/// The body of a received message, written into another message with <see cref="BodyCopier"/>. It reads the source
/// when written, so the source must stay open until then; it writes once.
/// </summary>
internal sealed class CopiedBodyWriter(Message source) : BodyWriter(isBuffered: false)
{
    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
    {
        // The new message's Envelope is WCF's, without the declarations the received one carried.
        var envelopeNamespaces = EnvelopeNamespaces.Of(source);
        using var reader = source.GetReaderAtBodyContents();
        BodyCopier.CopyBodyContents(reader, writer, envelopeNamespaces);
    }
}
