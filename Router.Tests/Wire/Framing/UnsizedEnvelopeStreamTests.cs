using System.Buffers;
using System.IO.Pipelines;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>The singleton-unsized envelope as chunks: written and read back byte for byte, its End, its size limit and bad framing.</summary>
public sealed class UnsizedEnvelopeStreamTests
{
    [Fact]
    public async Task WrittenEnvelope_ReadBack_InAnyPieces_IsTheSameBytes_AndEndsWithEnd()
    {
        var payload = new byte[300_000];
        new Random(7).NextBytes(payload);
        var pipe = new Pipe();
        var writer = new UnsizedEnvelopeWriteStream(pipe.Writer);

        // The pipe holds 64 KB before the writer waits: write while the reader reads.
        var writing = Task.Run(async () =>
        {
            for (var offset = 0; offset < payload.Length; offset += 70_001)
            {
                await writer.WriteAsync(payload.AsMemory(offset, Math.Min(70_001, payload.Length - offset)));
            }

            await writer.CompleteAsync();
            await pipe.Writer.CompleteAsync();
        });

        // The record type first, then chunks; the reader is handed what follows the record type.
        var first = await pipe.Reader.ReadAsync();
        Assert.Equal((byte)FramingRecordType.UnsizedEnvelope, first.Buffer.FirstSpan[0]);
        pipe.Reader.AdvanceTo(first.Buffer.GetPosition(1));
        var reader = new UnsizedEnvelopeReadStream(pipe.Reader, long.MaxValue);
        using var copy = new MemoryStream();
        var buffer = new byte[9_999];
        int read;
        while ((read = await reader.ReadAsync(buffer)) > 0)
        {
            copy.Write(buffer, 0, read);
        }

        await writing;
        Assert.Equal(payload, copy.ToArray());
        Assert.True(reader.Completed);
        Assert.Equal(payload.Length, reader.BytesRead);
        Assert.Equal(payload.Length, writer.BytesWritten);
    }

    [Fact]
    public async Task ChunksArrivingOneByteAtATime_AreReadWhole()
    {
        byte[] framed = [0x03, (byte)'a', (byte)'b', (byte)'c', 0x02, (byte)'d', (byte)'e', 0x00, 0x07];
        var pipe = new Pipe();
        var reading = ReadAllAsync(new UnsizedEnvelopeReadStream(pipe.Reader, 100));
        foreach (var octet in framed)
        {
            await pipe.Writer.WriteAsync(new[] { octet });
        }

        Assert.Equal("abcde"u8.ToArray(), await reading);
    }

    [Fact]
    public async Task EnvelopePastTheLimit_ThrowsEnvelopeTooLarge_BeforeItsBytesAreRead()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[] { 0x04, 1, 2, 3, 4, 0x04, 5, 6, 7, 8, 0x00, 0x07 });
        var reader = new UnsizedEnvelopeReadStream(pipe.Reader, 6);

        var tooLarge = await Assert.ThrowsAsync<EnvelopeTooLargeException>(() => ReadAllAsync(reader));

        Assert.Equal(6, tooLarge.Limit);
        Assert.Equal(4, reader.BytesRead);
    }

    [Fact]
    public async Task RecordOtherThanEnd_AfterTheLastChunk_IsInvalidData()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[] { 0x01, 0x41, 0x00, 0x05 });

        await Assert.ThrowsAsync<InvalidDataException>(() => ReadAllAsync(new UnsizedEnvelopeReadStream(pipe.Reader, 100)));
    }

    [Fact]
    public async Task ConnectionEndingInsideAChunk_IsAnIOException()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[] { 0x05, 1, 2 });
        await pipe.Writer.CompleteAsync();

        await Assert.ThrowsAsync<IOException>(() => ReadAllAsync(new UnsizedEnvelopeReadStream(pipe.Reader, 100)));
    }

    [Fact]
    public async Task EmptyReply_IsTheEndRecordAlone()
    {
        var pipe = new Pipe();

        await new UnsizedEnvelopeWriteStream(pipe.Writer).CompleteEmptyAsync();
        await pipe.Writer.CompleteAsync();

        var result = await pipe.Reader.ReadAsync();
        Assert.Equal(new byte[] { 0x07 }, result.Buffer.ToArray());
    }

    private static async Task<byte[]> ReadAllAsync(UnsizedEnvelopeReadStream reader)
    {
        using var copy = new MemoryStream();
        var buffer = new byte[4];
        int read;
        while ((read = await reader.ReadAsync(buffer)) > 0)
        {
            copy.Write(buffer, 0, read);
        }

        return copy.ToArray();
    }
}
