using System.Buffers;
using System.Xml;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// The text of the elements whose string value a query compares, gathered as the reader passes it. Nested captures
/// share one buffer: each element remembers where its value starts, and the buffer empties when the outermost ends.
/// </summary>
internal sealed class TextCapture
{
    private const int InitialCapacity = 256;
    private const int MinimumChunk = 128;

    private char[] _buffer = new char[InitialCapacity];

    /// <summary>Characters captured so far; where the next element's value starts.</summary>
    public int Length { get; private set; }

    /// <summary>The text from <paramref name="start"/> to the end.</summary>
    public ReadOnlySpan<char> From(int start) => _buffer.AsSpan(start, Length - start);

    /// <summary>Empties the buffer.</summary>
    public void Clear() => Length = 0;

    /// <summary>Drops a large buffer after an unusual message, so one big value does not stay pinned to the filter.</summary>
    public void Release()
    {
        Length = 0;
        if (_buffer.Length > 16 * InitialCapacity)
        {
            ArrayPool<char>.Shared.Return(_buffer);
            _buffer = new char[InitialCapacity];
        }
    }

    /// <summary>Appends the value of the reader's current text node.</summary>
    public void Append(XmlReader reader)
    {
        if (!reader.CanReadValueChunk)
        {
            var value = reader.Value;
            EnsureSpace(value.Length);
            value.CopyTo(_buffer.AsSpan(Length));
            Length += value.Length;
            return;
        }

        // In chunks straight into the buffer: the dictionary readers then never make a string of the text.
        while (true)
        {
            EnsureSpace(MinimumChunk);
            var read = reader.ReadValueChunk(_buffer, Length, _buffer.Length - Length);
            if (read == 0)
            {
                return;
            }

            Length += read;
        }
    }

    private void EnsureSpace(int count)
    {
        if (_buffer.Length - Length >= count)
        {
            return;
        }

        var larger = ArrayPool<char>.Shared.Rent(Math.Max(_buffer.Length * 2, Length + count));
        _buffer.AsSpan(0, Length).CopyTo(larger);
        if (_buffer.Length > InitialCapacity)
        {
            ArrayPool<char>.Shared.Return(_buffer);
        }

        _buffer = larger;
    }
}
