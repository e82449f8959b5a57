using System.ServiceModel.Channels;
using System.Xml;

namespace SoapRouter.Tests.Reencoding;

/// <summary>
/// A received message that counts how often its Envelope, Header and Body start tags are asked for: each such call on
/// a WCF buffered message opens a new reader over its buffer (what the re-encode path must not do when it has the
/// bytes). Everything else is the wrapped message's.
/// </summary>
internal sealed class ReopenCountingMessage(Message inner) : Message
{
    /// <summary>How many start tags were asked for (WriteStartEnvelope, WriteStartHeaders, WriteStartBody).</summary>
    public int StartTagsWritten { get; private set; }

    /// <inheritdoc />
    public override MessageHeaders Headers => inner.Headers;

    /// <inheritdoc />
    public override MessageProperties Properties => inner.Properties;

    /// <inheritdoc />
    public override MessageVersion Version => inner.Version;

    /// <inheritdoc />
    public override bool IsEmpty => inner.IsEmpty;

    /// <inheritdoc />
    public override bool IsFault => inner.IsFault;

    /// <inheritdoc />
    protected override void OnWriteStartEnvelope(XmlDictionaryWriter writer)
    {
        StartTagsWritten++;
        inner.WriteStartEnvelope(writer);
    }

    /// <inheritdoc />
    protected override void OnWriteStartHeaders(XmlDictionaryWriter writer)
    {
        StartTagsWritten++;
        base.OnWriteStartHeaders(writer);
    }

    /// <inheritdoc />
    protected override void OnWriteStartBody(XmlDictionaryWriter writer)
    {
        StartTagsWritten++;
        inner.WriteStartBody(writer);
    }

    /// <inheritdoc />
    protected override XmlDictionaryReader OnGetReaderAtBodyContents() => inner.GetReaderAtBodyContents();

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer) => inner.WriteBodyContents(writer);

    /// <inheritdoc />
    protected override void OnClose()
    {
        inner.Close();
        base.OnClose();
    }
}
