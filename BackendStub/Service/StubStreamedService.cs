using System.Globalization;
using System.Security.Cryptography;
using System.ServiceModel.Channels;
using System.Xml;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;

namespace BackendStub.Service;

/// <summary>
/// The streamed contract (<see cref="IStreamedService"/>) as a WCF service with TransferMode.Streamed answers it: Upload
/// reads its Stream part in 64 KB chunks, hashing as it goes, and answers "length:sha256"; Download answers with a body
/// written as it is sent (<see cref="PatternBodyWriter"/>). Neither ever holds the stream whole.
/// </summary>
internal sealed class StubStreamedService(StubDispatcher dispatcher)
{
    /// <summary>The largest Download the stub serves (1 TiB): a bound, so a typo cannot keep it writing for days.</summary>
    public const long MaxDownloadLength = 1L << 40;

    private const int ChunkSize = 64 * 1024;

    /// <summary>Answers <paramref name="request"/> (a streamed message, its body not read yet) whose headers are <paramref name="headers"/>.</summary>
    public StubAnswer Answer(WireBinding binding, Message request, RequestHeaders headers) => headers.Action switch
    {
        StreamedServiceActions.Upload => Upload(binding, request, headers),
        StreamedServiceActions.Download => Download(binding, request, headers),
        _ => dispatcher.Fault(binding, WcfFaults.ActionNotSupported(binding, headers.Action), headers.MessageIdText),
    };

    private StubAnswer Upload(WireBinding binding, Message request, RequestHeaders headers)
    {
        string digest;
        try
        {
            digest = ReadStreamPart(request);
        }
        catch (Exception ex) when (BadInput.Is(ex))
        {
            return dispatcher.Fault(binding, WcfFaults.DeserializationFailed("Upload", BadInput.DescribeBody(ex)), headers.MessageIdText);
        }

        return Reply(binding, headers, StreamedServiceActions.UploadResponse, new UploadResultWriter(digest));
    }

    private StubAnswer Download(WireBinding binding, Message request, RequestHeaders headers)
    {
        long length;
        try
        {
            using var reader = request.GetReaderAtBodyContents();
            reader.ReadStartElement("Download", ContractNamespaces.Service);
            length = reader.ReadElementContentAsLong("length", ContractNamespaces.Service);
        }
        catch (Exception ex) when (BadInput.Is(ex) || ex is InvalidOperationException)
        {
            return dispatcher.Fault(binding, WcfFaults.DeserializationFailed("Download", "The body is not Download(length)."), headers.MessageIdText);
        }

        if (length is < 0 or > MaxDownloadLength)
        {
            var reason = string.Create(CultureInfo.InvariantCulture, $"length must be from 0 to {MaxDownloadLength}; got {length}.");
            return dispatcher.Fault(binding, WcfFaults.DeserializationFailed("Download", reason), headers.MessageIdText);
        }

        return Reply(binding, headers, StreamedServiceActions.DownloadResponse, new PatternBodyWriter(length));
    }

    /// <summary>
    /// The digest of the body's Stream part: the base64 content of its innermost element (WCF writes the operation's
    /// wrapper and the part, text as base64, msbin1 as bytes records), read in chunks.
    /// </summary>
    private static string ReadStreamPart(Message request)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        long length = 0;
        if (!request.IsEmpty)
        {
            using var reader = request.GetReaderAtBodyContents();
            reader.MoveToContent();
            while (reader.NodeType == XmlNodeType.Element && !reader.IsEmptyElement)
            {
                reader.Read();
                reader.MoveToContent();
            }

            if (reader.NodeType is XmlNodeType.Text or XmlNodeType.CDATA)
            {
                var buffer = new byte[ChunkSize];
                int read;
                while ((read = reader.ReadContentAsBase64(buffer, 0, buffer.Length)) > 0)
                {
                    hash.AppendData(buffer, 0, read);
                    length += read;
                }
            }
        }

        return StreamDigest.Format(length, hash);
    }

    private static StubAnswer Reply(WireBinding binding, RequestHeaders headers, string replyAction, BodyWriter body)
    {
        var message = Message.CreateMessage(binding.MessageVersion, binding.UsesAddressing ? replyAction : null, body);
        if (binding.UsesAddressing && headers.MessageId is not null)
        {
            message.Headers.RelatesTo = headers.MessageId;
        }

        return StubAnswer.Reply(message, headers.MessageIdText);
    }

    /// <summary>UploadResponse: the digest as UploadResult.</summary>
    private sealed class UploadResultWriter(string digest) : BodyWriter(isBuffered: true)
    {
        protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
        {
            writer.WriteStartElement("UploadResponse", ContractNamespaces.Service);
            writer.WriteElementString("UploadResult", ContractNamespaces.Service, digest);
            writer.WriteEndElement();
        }
    }
}
