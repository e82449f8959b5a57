using System.Buffers;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

public sealed class EnvelopeRecordDecoderTests
{
    private const int Max = 4 * 1024 * 1024;

    public static TheoryData<int> PayloadSizes => [1, 0x7F, 0x80, 0x3FFF, 0x4000, Max];

    [Theory]
    [MemberData(nameof(PayloadSizes))]
    public void SizedEnvelopeHead_DecodesTheSame_WhereverItIsCut(int size)
    {
        // The head and three bytes of the payload: only the head is the decoder's.
        byte[] bytes = [0x06, .. FramingBytes.Size(size), 0xAA, 0xBB, 0xCC];

        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var head = EnvelopeRecordDecoder.Decode(sequence, Max);
            Assert.Equal(EnvelopeRecordStatus.SizedEnvelope, head.Status);
            Assert.Equal(size, head.PayloadSize);
            Assert.Equal(bytes.Length - 3, head.HeadLength);
        }
    }

    [Fact]
    public void End_IsOneOctet()
    {
        var head = EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>([0x07, 0x06]), Max);

        Assert.Equal(new EnvelopeRecordHead(EnvelopeRecordStatus.End, 1, 0, null, null), head);
    }

    [Fact]
    public void ClientFault_IsRead_WhereverItIsCut()
    {
        var bytes = FramingBytes.Fault("http://example.org/faults/Gone");

        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var head = EnvelopeRecordDecoder.Decode(sequence, Max);
            Assert.Equal(EnvelopeRecordStatus.Fault, head.Status);
            Assert.Equal("http://example.org/faults/Gone", head.Fault);
            Assert.Equal(bytes.Length, head.HeadLength);
        }
    }

    [Fact]
    public void EveryProperPrefixOfAHead_NeedsMoreData()
    {
        byte[][] records = [[0x06, .. FramingBytes.Size(Max)], FramingBytes.Fault("http://example.org/f"), []];
        foreach (var record in records)
        {
            for (var prefix = 0; prefix < record.Length; prefix++)
            {
                Assert.Equal(EnvelopeRecordStatus.NeedMoreData, EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>(record, 0, prefix), Max).Status);
            }
        }

        Assert.Equal(EnvelopeRecordStatus.NeedMoreData, EnvelopeRecordDecoder.Decode(ReadOnlySequence<byte>.Empty, Max).Status);
    }

    [Fact]
    public void SizeOverTheMaximum_IsTooLarge_FromTheHeadAlone()
    {
        var head = EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>([0x06, .. FramingBytes.Size(Max + 1)]), Max);

        Assert.Equal(EnvelopeRecordStatus.TooLarge, head.Status);
        Assert.Equal(Max + 1, head.PayloadSize);
    }

    public static TheoryData<byte[]> Malformed => new()
    {
        new byte[] { 0x06, 0x00 },
        new byte[] { 0x06, 0xFF, 0xFF, 0xFF, 0xFF, 0x08 },
        new byte[] { 0x08, 0x00 },
        (byte[])[0x08, .. FramingBytes.Size(257)],
        new byte[] { 0x08, 0x02, 0xC3, 0x28 },
    };

    [Theory]
    [MemberData(nameof(Malformed))]
    public void BadSizesAndFaults_AreMalformed(byte[] bytes)
    {
        var head = EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>(bytes), Max);

        Assert.Equal(EnvelopeRecordStatus.Malformed, head.Status);
        Assert.NotNull(head.Problem);
    }

    [Fact]
    public void EveryOtherRecordType_IsMalformedHere()
    {
        for (var type = 0; type <= 0xFF; type++)
        {
            if (type is 0x06 or 0x07 or 0x08)
            {
                continue;
            }

            var head = EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>([(byte)type, 0x01, 0x00]), Max);
            Assert.True(head.Status == EnvelopeRecordStatus.Malformed, $"0x{type:X2}: {head.Status}");
        }
    }

    [Fact]
    public void PreambleAnswer_Ack_IsOneOctet_AndWhatFollowsIsNotItsOwn()
    {
        var head = EnvelopeRecordDecoder.DecodePreambleAnswer(new ReadOnlySequence<byte>([0x0B, 0x06, 0x01]));

        Assert.Equal(new EnvelopeRecordHead(EnvelopeRecordStatus.PreambleAck, 1, 0, null, null), head);
        Assert.Equal(EnvelopeRecordStatus.NeedMoreData, EnvelopeRecordDecoder.DecodePreambleAnswer(ReadOnlySequence<byte>.Empty).Status);
    }

    [Fact]
    public void PreambleAnswer_Fault_IsRead_WhereverItIsCut()
    {
        var bytes = FramingBytes.Fault(FramingFaults.EndpointNotFound);

        foreach (var sequence in SegmentedSequence.EveryCut(bytes))
        {
            var head = EnvelopeRecordDecoder.DecodePreambleAnswer(sequence);
            Assert.Equal(EnvelopeRecordStatus.Fault, head.Status);
            Assert.Equal(FramingFaults.EndpointNotFound, head.Fault);
            Assert.Equal(bytes.Length, head.HeadLength);
        }

        for (var prefix = 0; prefix < bytes.Length; prefix++)
        {
            Assert.Equal(EnvelopeRecordStatus.NeedMoreData, EnvelopeRecordDecoder.DecodePreambleAnswer(new ReadOnlySequence<byte>(bytes, 0, prefix)).Status);
        }
    }

    [Fact]
    public void PreambleAnswer_AnyOtherRecord_IsMalformed()
    {
        for (var type = 0; type <= 0xFF; type++)
        {
            if (type is 0x0B or 0x08)
            {
                continue;
            }

            var head = EnvelopeRecordDecoder.DecodePreambleAnswer(new ReadOnlySequence<byte>([(byte)type, 0x01, 0x00]));
            Assert.True(head.Status == EnvelopeRecordStatus.Malformed, $"0x{type:X2}: {head.Status}");
        }

        // A Preamble Ack is no record of the session that follows.
        Assert.Equal(EnvelopeRecordStatus.Malformed, EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>([0x0B]), Max).Status);
    }
}
