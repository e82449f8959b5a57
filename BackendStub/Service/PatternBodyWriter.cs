using System.ServiceModel.Channels;
using System.Xml;
using Samples.Contracts;

namespace BackendStub.Service;

/// <summary>
/// DownloadResponse with <c>length</c> bytes of <see cref="PatternStream"/> as its Stream part, written in 64 KB chunks
/// as the encoder sends them (base64 in text, bytes records in msbin1): a streamed body, written once.
/// </summary>
internal sealed class PatternBodyWriter(long length) : BodyWriter(isBuffered: false)
{
    private const int ChunkSize = 64 * 1024;

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
    {
        writer.WriteStartElement("DownloadResponse", ContractNamespaces.Service);
        writer.WriteStartElement("DownloadResult", ContractNamespaces.Service);
        using var pattern = new PatternStream(length);
        var buffer = new byte[ChunkSize];
        int read;
        while ((read = pattern.Read(buffer, 0, buffer.Length)) > 0)
        {
            writer.WriteBase64(buffer, 0, read);
        }

        writer.WriteEndElement();
        writer.WriteEndElement();
    }
}
