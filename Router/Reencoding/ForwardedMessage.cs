using System.ServiceModel.Channels;
using System.Xml;

namespace SoapRouter.Reencoding;

/// <summary>
/// A received message to be written in another encoding of the same version: its own headers (edited in place, e.g.
/// To) and its body copied by <see cref="BodyCopier"/> when written. Copying the headers into a new message instead
/// (<see cref="MessageHeaders.CopyHeadersFrom(Message)"/>) captured each one into a buffer of its own through a reader
/// and a writer, 11% of the re-encode path's CPU at 1 KB. The source must stay open until this is written; whoever
/// owns the source closes it.
/// </summary>
internal sealed class ForwardedMessage(Message source) : Message
{
    private readonly MessageProperties _properties = new();

    /// <inheritdoc />
    public override MessageHeaders Headers => source.Headers;

    /// <inheritdoc />
    public override MessageProperties Properties => _properties;

    /// <inheritdoc />
    public override MessageVersion Version => source.Version;

    /// <inheritdoc />
    public override bool IsEmpty => source.IsEmpty;

    /// <inheritdoc />
    public override bool IsFault => source.IsFault;

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
    {
        using var reader = source.GetReaderAtBodyContents();
        BodyCopier.CopyBodyContents(reader, writer);
    }

    /// <inheritdoc />
    protected override void OnClose()
    {
        _properties.Dispose();
        base.OnClose();
    }
}
