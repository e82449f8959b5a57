using System.Buffers;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>Builds multi-segment <see cref="ReadOnlySequence{T}"/>s, as a pipe hands over bytes that arrived in pieces.</summary>
internal static class SegmentedSequence
{
    /// <summary><paramref name="data"/> cut at <paramref name="cuts"/> (ascending offsets) into separate segments.</summary>
    public static ReadOnlySequence<byte> Split(byte[] data, params int[] cuts)
    {
        var pieces = new List<byte[]>();
        var start = 0;
        foreach (var cut in cuts.Append(data.Length))
        {
            pieces.Add(data[start..cut]);
            start = cut;
        }

        Segment? first = null;
        Segment? last = null;
        foreach (var piece in pieces)
        {
            var segment = new Segment(piece, last);
            first ??= segment;
            last = segment;
        }

        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
    }

    /// <summary><paramref name="data"/> with every byte in a segment of its own.</summary>
    public static ReadOnlySequence<byte> OneBytePerSegment(byte[] data) =>
        data.Length < 2 ? new ReadOnlySequence<byte>(data) : Split(data, [.. Enumerable.Range(1, data.Length - 1)]);

    /// <summary>Every way of cutting <paramref name="data"/> once, plus one byte per segment: the sequences to decode.</summary>
    public static IEnumerable<ReadOnlySequence<byte>> EveryCut(byte[] data)
    {
        yield return new ReadOnlySequence<byte>(data);
        for (var cut = 1; cut < data.Length; cut++)
        {
            yield return Split(data, cut);
        }

        yield return OneBytePerSegment(data);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(byte[] data, Segment? previous)
        {
            Memory = data;
            if (previous is not null)
            {
                RunningIndex = previous.RunningIndex + previous.Memory.Length;
                previous.Next = this;
            }
        }
    }
}
