using System.ServiceModel.Channels;
using System.Xml;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// A custom header written with dictionary strings (as WCF writes its own headers and the serializer its names), so a
/// session encoder puts its name, namespace and value in the session dictionary.
/// </summary>
internal sealed class CorpusHeader(XmlDictionaryString name, XmlDictionaryString ns, XmlDictionaryString value) : MessageHeader
{
    /// <inheritdoc />
    public override string Name => name.Value;

    /// <inheritdoc />
    public override string Namespace => ns.Value;

    /// <inheritdoc />
    protected override void OnWriteStartHeader(XmlDictionaryWriter writer, MessageVersion messageVersion) =>
        writer.WriteStartElement("h", name, ns);

    /// <inheritdoc />
    protected override void OnWriteHeaderContents(XmlDictionaryWriter writer, MessageVersion messageVersion) =>
        writer.WriteString(value);
}
