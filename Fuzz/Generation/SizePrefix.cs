using System.Buffers;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Fuzz.Generation;

/// <summary>Reads the 7-bit multi-byte sizes of [MC-NMF] records and msbin1 string tables with the wire library's reader.</summary>
internal static class SizePrefix
{
    /// <summary>The octets the size at the start of <paramref name="span"/> takes (0 when incomplete or malformed), and its value.</summary>
    public static int Read(ReadOnlySpan<byte> span, out int value)
    {
        var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(span[..Math.Min(span.Length, MultiByteInt31.MaxLength)].ToArray()));
        return MultiByteInt31.TryRead(ref reader, out value) == OperationStatus.Done ? (int)reader.Consumed : 0;
    }
}
