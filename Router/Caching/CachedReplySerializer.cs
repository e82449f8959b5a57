using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using Microsoft.Extensions.Caching.Hybrid;

namespace SoapRouter.Caching;

/// <summary>
/// A stored reply as bytes for Redis (and for the in-process cache's size accounting): a version byte, the
/// encoding, the content type and the reply's bytes as they are. The splice locations are found again when another
/// replica reads it, so nothing in Redis is trusted to point into the bytes.
/// </summary>
internal sealed class CachedReplySerializer : IHybridCacheSerializer<CachedReply>
{
    private const byte Version = 1;
    private const int MaxContentTypeBytes = 1024;

    /// <inheritdoc />
    public CachedReply Deserialize(ReadOnlySequence<byte> source)
    {
        var reader = new SequenceReader<byte>(source);
        if (!reader.TryRead(out var version) || version != Version || !reader.TryRead(out var binary) || binary > 1
            || !reader.TryReadLittleEndian(out int typeLength) || typeLength is <= 0 or > MaxContentTypeBytes || reader.Remaining < typeLength)
        {
            throw Invalid();
        }

        var type = new byte[typeLength];
        reader.TryCopyTo(type);
        reader.Advance(typeLength);
        if (!reader.TryReadLittleEndian(out int length) || length <= 0 || reader.Remaining != length)
        {
            throw Invalid();
        }

        var bytes = GC.AllocateUninitializedArray<byte>(length);
        reader.TryCopyTo(bytes);
        return CachedReply.TryCreate(bytes, Encoding.UTF8.GetString(type), binary == 1, sequence: 0) ?? throw Invalid();
    }

    /// <inheritdoc />
    public void Serialize(CachedReply value, IBufferWriter<byte> target)
    {
        ArgumentNullException.ThrowIfNull(value);
        ArgumentNullException.ThrowIfNull(target);
        var typeLength = Encoding.UTF8.GetByteCount(value.ContentType);
        var headerLength = 1 + 1 + 4 + typeLength + 4;

        // One reservation for the whole payload: HybridCache serializes every stored reply (its length is the in-process
        // entry's size), and a header-sized span first made the writer grow, and copy, while the reply went in.
        var length = headerLength + value.Bytes.Length;
        var output = target.GetSpan(length);
        output[0] = Version;
        output[1] = value.Binary ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteInt32LittleEndian(output[2..], typeLength);
        Encoding.UTF8.GetBytes(value.ContentType, output[6..]);
        BinaryPrimitives.WriteInt32LittleEndian(output[(6 + typeLength)..], value.Bytes.Length);
        value.Bytes.CopyTo(output[headerLength..]);
        target.Advance(length);
    }

    private static InvalidDataException Invalid() => new("A cached reply read from the shared cache is not one this router wrote.");
}
