using System.Buffers;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

public sealed class MultiByteInt31Tests
{
    /// <summary>Each boundary of [MC-NMF] 2.2.2's table, with the octet count it encodes to.</summary>
    public static TheoryData<int, int> EdgeValues => new()
    {
        { 0, 1 }, { 1, 1 }, { 0x7F, 1 },
        { 0x80, 2 }, { 0x3FFF, 2 },
        { 0x4000, 3 }, { 0x1FFFFF, 3 },
        { 0x200000, 4 }, { 0x0FFFFFFF, 4 },
        { 0x10000000, 5 }, { int.MaxValue, 5 },
    };

    [Theory]
    [MemberData(nameof(EdgeValues))]
    public void Write_MatchesTheSpecificationsEncoding_AndReadsBack_WhereverItIsCut(int value, int length)
    {
        var written = new byte[MultiByteInt31.MaxLength];
        var count = MultiByteInt31.Write(written, value);

        Assert.Equal(length, count);
        Assert.Equal(length, MultiByteInt31.GetByteCount(value));
        Assert.Equal(FramingBytes.Size(value), written[..count]);
        foreach (var sequence in SegmentedSequence.EveryCut(written[..count]))
        {
            var reader = new SequenceReader<byte>(sequence);
            Assert.Equal(OperationStatus.Done, MultiByteInt31.TryRead(ref reader, out var read));
            Assert.Equal(value, read);
            Assert.Equal(count, reader.Consumed);
        }
    }

    [Fact]
    public void KnownEncodings_FromTheSpecification()
    {
        Assert.Equal([0x80, 0x01], FramingBytes.Size(0x80));
        AssertReads([0x80, 0x01], 0x80);
        AssertReads([0xFF, 0x7F], 0x3FFF);
        AssertReads([0x80, 0x80, 0x01], 0x4000);
        AssertReads([0xFF, 0xFF, 0xFF, 0xFF, 0x07], int.MaxValue);
    }

    [Theory]
    [MemberData(nameof(EdgeValues))]
    public void EveryProperPrefix_NeedsMoreData_AndConsumesNothing(int value, int length)
    {
        var bytes = FramingBytes.Size(value);
        for (var prefix = 0; prefix < length; prefix++)
        {
            var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(bytes, 0, prefix));
            Assert.Equal(OperationStatus.NeedMoreData, MultiByteInt31.TryRead(ref reader, out _));
            Assert.Equal(0, reader.Consumed);
        }
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x08 })]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F })]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 })]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x87 })]
    public void ValuesBeyond31Bits_AreInvalid(byte[] bytes)
    {
        var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(bytes));

        Assert.Equal(OperationStatus.InvalidData, MultiByteInt31.TryRead(ref reader, out _));
    }

    [Fact]
    public void LongerThanNeededEncodings_AreAccepted_AsWcfAcceptsThem()
    {
        AssertReads([0x80, 0x00], 0);
        AssertReads([0x81, 0x80, 0x80, 0x00], 1);
    }

    [Fact]
    public void NegativeValues_CannotBeWritten()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => MultiByteInt31.GetByteCount(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => MultiByteInt31.Write(new byte[5], int.MinValue));
    }

    private static void AssertReads(byte[] bytes, int expected)
    {
        var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>([.. bytes, 0xEE]));
        Assert.Equal(OperationStatus.Done, MultiByteInt31.TryRead(ref reader, out var value));
        Assert.Equal(expected, value);
        Assert.Equal(bytes.Length, reader.Consumed);
    }
}
