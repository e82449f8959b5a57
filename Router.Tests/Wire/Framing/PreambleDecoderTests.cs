using System.Buffers;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

public sealed class PreambleDecoderTests
{
    private static readonly Uri Via = new("net.tcp://backend.example:808/orders/service.svc");

    public static TheoryData<string> WellFormedPreambles => ["known encoding", "extensible encoding", "upgrade request"];

    [Theory]
    [MemberData(nameof(WellFormedPreambles))]
    public void WellFormedPreamble_DecodesTheSame_WhereverItIsCut(string name)
    {
        var bytes = Preamble(name);
        var expected = PreambleDecoder.Decode(new ReadOnlySequence<byte>(bytes));

        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var decoded = PreambleDecoder.Decode(sequence);
            Assert.Equal(expected.Status, decoded.Status);
            Assert.Equal(expected.Preamble, decoded.Preamble);
            Assert.Equal(bytes.Length, sequence.Slice(0, decoded.Consumed).Length);
        }
    }

    [Theory]
    [MemberData(nameof(WellFormedPreambles))]
    public void EveryProperPrefix_NeedsMoreData(string name)
    {
        var bytes = Preamble(name);
        for (var prefix = 0; prefix < bytes.Length; prefix++)
        {
            Assert.Equal(PreambleDecodeStatus.NeedMoreData, PreambleDecoder.Decode(new ReadOnlySequence<byte>(bytes, 0, prefix)).Status);
        }
    }

    [Fact]
    public void KnownEncodingPreamble_AsWcfSendsIt_GivesViaAndEncoding_AndStopsAtPreambleEnd()
    {
        // A Sized Envelope already following the preamble is not the preamble's.
        byte[] bytes = [.. FramingBytes.Preamble(Via), 0x06, 0x01, 0x00];

        var decoded = PreambleDecoder.Decode(new ReadOnlySequence<byte>(bytes));

        Assert.Equal(PreambleDecodeStatus.Complete, decoded.Status);
        Assert.Equal(new FramingPreamble(1, 0, FramingMode.Duplex, Via, KnownEncoding.BinarySession, null, null), decoded.Preamble);
        Assert.Equal(bytes.Length - 3, new ReadOnlySequence<byte>(bytes).Slice(0, decoded.Consumed).Length);
        Assert.Null(decoded.Fault);
    }

    [Fact]
    public void ExtensibleEncodingAndUpgrade_AreReported()
    {
        var extensible = PreambleDecoder.Decode(new ReadOnlySequence<byte>(Preamble("extensible encoding")));
        var upgrade = PreambleDecoder.Decode(new ReadOnlySequence<byte>(Preamble("upgrade request")));

        Assert.Equal(FramingBytes.BinarySessionContentType, extensible.Preamble!.ContentType);
        Assert.Null(extensible.Preamble.KnownEncoding);
        Assert.Equal(PreambleDecodeStatus.UpgradeRequested, upgrade.Status);
        Assert.Equal("application/ssl-tls", upgrade.Preamble!.UpgradeProtocol);
    }

    [Fact]
    public void SingletonUnsizedPreamble_DecodesWithItsMode_AtEveryCut()
    {
        // What NetTcpBinding with TransferMode.Streamed sends: mode 0x01, known encoding 0x07 (msbin1).
        byte[] bytes = [0x00, 0x01, 0x00, 0x01, 0x01, .. FramingBytes.Via(Via.AbsoluteUri), 0x03, 0x07, 0x0C];

        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var decoded = PreambleDecoder.Decode(sequence);
            Assert.Equal(PreambleDecodeStatus.Complete, decoded.Status);
            Assert.Equal(FramingMode.SingletonUnsized, decoded.Preamble!.Mode);
            Assert.Equal(KnownEncoding.Binary, decoded.Preamble.KnownEncoding);
        }
    }

    [Fact]
    public void MinorVersions_AreIgnored_AsWcfIgnoresThem()
    {
        byte[] bytes = [0x00, 0x01, 0x07, 0x01, 0x02, .. FramingBytes.Via(Via.AbsoluteUri), 0x03, 0x08, 0x0C];

        var decoded = PreambleDecoder.Decode(new ReadOnlySequence<byte>(bytes));

        Assert.Equal(PreambleDecodeStatus.Complete, decoded.Status);
        Assert.Equal(7, decoded.Preamble!.MinorVersion);
    }

    public static TheoryData<byte[], string> Refusals => new()
    {
        // Refused as soon as the offending record is here, without waiting for the rest.
        { [0x00, 0x02, 0x00], FramingFaults.UnsupportedVersion },
        { [0x00, 0x00, 0x00], FramingFaults.UnsupportedVersion },
        { [0x00, 0x01, 0x00, 0x01, 0x03], FramingFaults.UnsupportedMode },
        { [0x00, 0x01, 0x00, 0x01, 0x04], FramingFaults.UnsupportedMode },
        { [0x00, 0x01, 0x00, 0x01, 0x00], FramingFaults.UnsupportedMode },
        { [0x00, 0x01, 0x00, 0x01, 0x05], FramingFaults.UnsupportedMode },

        // A Via of 2049 octets is refused from its size alone.
        { [.. FramingBytes.VersionAndDuplexMode, 0x02, .. FramingBytes.Size(2049)], FramingFaults.ViaTooLong },
        { [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), 0x04, .. FramingBytes.Size(257)], FramingFaults.ContentTypeTooLong },
        { [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), 0x03, 0x08, 0x09, .. FramingBytes.Size(257)], FramingFaults.UpgradeInvalid },
    };

    [Theory]
    [MemberData(nameof(Refusals))]
    public void Refusal_NamesItsFault(byte[] bytes, string fault)
    {
        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var decoded = PreambleDecoder.Decode(sequence);
            Assert.Equal(PreambleDecodeStatus.Refused, decoded.Status);
            Assert.Equal(fault, decoded.Fault);
            Assert.NotNull(decoded.Problem);
            Assert.Null(decoded.Preamble);
        }
    }

    public static TheoryData<string, byte[]> Malformed => new()
    {
        { "first record not Version", [0x01, 0x02] },
        { "HTTP instead of framing", "GET / HTTP/1.1\r\n"u8.ToArray() },
        { "Via where Mode belongs", [0x00, 0x01, 0x00, 0x02, 0x01] },
        { "Known Encoding where Via belongs", [.. FramingBytes.VersionAndDuplexMode, 0x03, 0x08] },
        { "empty Via", [.. FramingBytes.VersionAndDuplexMode, 0x02, 0x00] },
        { "Via size beyond 31 bits", [.. FramingBytes.VersionAndDuplexMode, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F] },
        { "Via not UTF-8", [.. FramingBytes.VersionAndDuplexMode, 0x02, 0x02, 0xC3, 0x28] },
        { "relative Via", [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via("/orders"), 0x03, 0x08, 0x0C] },
        { "Preamble End where the encoding belongs", [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), 0x0C] },
        { "empty content type", [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), 0x04, 0x00] },
        { "Sized Envelope before Preamble End", [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), 0x03, 0x08, 0x06, 0x01, 0x00] },
        { "empty upgrade name", [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), 0x03, 0x08, 0x09, 0x00] },
    };

    [Theory]
    [MemberData(nameof(Malformed))]
    public void MalformedPreamble_IsAValue_WithTheInvalidRecordSequenceFault(string name, byte[] bytes)
    {
        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var decoded = PreambleDecoder.Decode(sequence);
            Assert.True(decoded.Status == PreambleDecodeStatus.Malformed, $"{name}: {decoded.Status}");
            Assert.Equal(FramingFaults.InvalidRecordSequence, decoded.Fault);
            Assert.NotNull(decoded.Problem);
        }
    }

    [Fact]
    public void RandomBytes_NeverThrow()
    {
        var random = new Random(20240501);
        for (var i = 0; i < 2000; i++)
        {
            var bytes = new byte[random.Next(0, 64)];
            random.NextBytes(bytes);

            // Starting like a real preamble half of the time, so the decoder gets past the first records.
            if (i % 2 == 0 && bytes.Length > 5)
            {
                FramingBytes.VersionAndDuplexMode.CopyTo(bytes, 0);
            }

            var decoded = PreambleDecoder.Decode(new ReadOnlySequence<byte>(bytes));
            Assert.True(Enum.IsDefined(decoded.Status));
        }
    }

    private static byte[] Preamble(string name) => name switch
    {
        "known encoding" => FramingBytes.Preamble(Via),
        "extensible encoding" =>
            [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), .. FramingBytes.ExtensibleEncoding(FramingBytes.BinarySessionContentType), .. FramingBytes.PreambleEnd],
        _ => [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(Via.AbsoluteUri), .. FramingBytes.KnownEncoding(0x08), .. FramingBytes.UpgradeRequest("application/ssl-tls")],
    };
}
