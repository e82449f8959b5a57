using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using LoadClient.Envelopes;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// The valid inputs mutations start from: echo requests of three sizes written by WCF's own encoders (LoadClient's
/// raw-mode templates for HTTP, the binary session encoder for net.tcp), and the [MC-NMF] records of a whole net.tcp
/// session (duplex preamble, two envelopes, End) written by the wire library's framing writer.
/// </summary>
internal sealed class SeedCorpus
{
    private static readonly int[] Sizes = [64, 2048, 24_000];

    private SeedCorpus(IReadOnlyList<SoapRequestTemplate> templates, IReadOnlyList<byte[]> records, int preambleRecords)
    {
        Templates = templates;
        SessionRecords = records;
        PreambleRecords = preambleRecords;
    }

    /// <summary>The HTTP seeds (one binding's).</summary>
    public IReadOnlyList<SoapRequestTemplate> Templates { get; }

    /// <summary>A net.tcp session as whole records: the preamble's, then Preamble End (or Upgrade Request), envelopes, End.</summary>
    public IReadOnlyList<byte[]> SessionRecords { get; }

    /// <summary>How many of <see cref="SessionRecords"/> are the preamble up to its encoding (Version, Mode, Via, encoding).</summary>
    public int PreambleRecords { get; }

    /// <summary>The echo requests of <paramref name="binding"/> (an HTTP binding) addressed to <paramref name="to"/>.</summary>
    public static SeedCorpus ForHttp(WireBinding binding, Uri to)
    {
        var encoding = binding.IsBinary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml;
        var generator = new PayloadGenerator(PayloadProfile.Compressible, OperationCalls.PayloadSeed);
        var templates = Sizes.Select(size => RequestTemplateBuilder.Build(binding, OperationCalls.Echo(generator.CreateEcho(size, encoding)), to, ClientLimits.Unbounded)).ToArray();
        return new SeedCorpus(templates, [], 0);
    }

    /// <summary>A net.tcp session to <paramref name="via"/>: with <paramref name="tls"/> the preamble asks for the TLS upgrade.</summary>
    public static SeedCorpus ForNetTcp(Uri via, bool tls)
    {
        var preamble = new System.Buffers.ArrayBufferWriter<byte>();
        FramingRecordWriter.WriteDuplexPreamble(preamble, via, upgradeProtocol: tls ? TlsStreamUpgrade.ProtocolName : null);
        var records = SplitPreamble(preamble.WrittenSpan.ToArray());
        var encoder = WireBindings.NetTcp.CreateEncoderFactory(ClientLimits.Unbounded).CreateSessionEncoder();
        var generator = new PayloadGenerator(PayloadProfile.Compressible, OperationCalls.PayloadSeed);
        if (tls)
        {
            var end = new System.Buffers.ArrayBufferWriter<byte>();
            FramingRecordWriter.WritePreambleEnd(end);
            records.Add(end.WrittenSpan.ToArray());
        }

        foreach (var size in Sizes[..2])
        {
            using var message = Message.CreateMessage(WireBindings.NetTcp.MessageVersion, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(generator.CreateEcho(size, PayloadEncoding.BinaryXml)));
            message.Headers.MessageId = new UniqueId(Guid.NewGuid());
            message.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
            message.Headers.To = via;
            var bytes = encoder.WriteMessage(message, int.MaxValue, BufferManager.CreateBufferManager(0, int.MaxValue));
            var record = new System.Buffers.ArrayBufferWriter<byte>();
            FramingRecordWriter.WriteSizedEnvelope(record, bytes.AsSpan());
            records.Add(record.WrittenSpan.ToArray());
        }

        records.Add([(byte)FramingRecordType.End]);
        return new SeedCorpus([], records, 4);
    }

    /// <summary>A preamble's bytes as records: Version (3 octets), Mode (2), Via, the encoding, then the last record.</summary>
    private static List<byte[]> SplitPreamble(byte[] preamble)
    {
        var records = new List<byte[]> { preamble[..3], preamble[3..5] };
        var at = 5;
        while (at < preamble.Length)
        {
            var type = preamble[at];
            var length = type is (byte)FramingRecordType.KnownEncoding ? 2
                : type is (byte)FramingRecordType.PreambleEnd ? 1
                : 1 + SizePrefix.Read(preamble.AsSpan(at + 1), out var size) + size;
            records.Add(preamble[at..(at + length)]);
            at += length;
        }

        return records;
    }
}
