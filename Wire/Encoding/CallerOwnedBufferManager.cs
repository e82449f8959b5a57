using System.ServiceModel.Channels;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// A <see cref="BufferManager"/> for reading: a message read from a caller's buffer hands it back here when it closes,
/// and this does nothing with it, because the caller returns its buffer to its own pool once it is done with every
/// message read from it. Never used for writing.
/// </summary>
internal sealed class CallerOwnedBufferManager : BufferManager
{
    public static CallerOwnedBufferManager Instance { get; } = new();

    public override byte[] TakeBuffer(int bufferSize) =>
        throw new InvalidOperationException("Buffers for writing come from the codec's pool, not the read-side manager.");

    public override void ReturnBuffer(byte[] buffer)
    {
        // The caller owns the buffer.
    }

    public override void Clear()
    {
    }
}
