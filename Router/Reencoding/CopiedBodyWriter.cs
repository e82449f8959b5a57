using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Routing;

namespace SoapRouter.Reencoding;

/// <summary>
/// The body of a received message, written into another message with <see cref="BodyCopier"/>. It reads the source
/// when written, so the source (and <paramref name="envelope"/>'s bytes) must stay open until then; it writes once.
/// <paramref name="envelope"/>: the envelope the source was read from, when it can be read again.
/// </summary>
internal sealed class CopiedBodyWriter(Message source, SoapBodySource envelope = default) : BodyWriter(isBuffered: false)
{
    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
    {
        // The new message's Envelope is WCF's, without the declarations the received one carried: read from the received
        // bytes with a pooled reader where there are some, else from WCF's message (a session's, which reopens it).
        var envelopeNamespaces = envelope.CanOpen && source.Version.Envelope != EnvelopeVersion.None
            ? EnvelopeNamespaces.Of(envelope)
            : EnvelopeNamespaces.Of(source);
        using var reader = source.GetReaderAtBodyContents();
        BodyCopier.CopyBodyContents(reader, writer, envelopeNamespaces);
    }
}
