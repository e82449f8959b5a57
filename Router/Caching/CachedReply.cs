using System.ComponentModel;

namespace SoapRouter.Caching;

/// <summary>
/// A reply as the cache keeps it: the bytes the listener's client got, in the listener's encoding (text or msbin1),
/// its content type, and where its RelatesTo and MessageID lie so a hit splices the new caller's in without reading
/// anything. Immutable, so HybridCache hands every caller the same instance instead of a copy per read.
/// </summary>
[ImmutableObject(true)]
internal sealed class CachedReply
{
    private CachedReply(byte[] bytes, string contentType, bool binary, SpliceRange relatesTo, SpliceRange messageId, long sequence)
    {
        Bytes = bytes;
        ContentType = contentType;
        Binary = binary;
        RelatesTo = relatesTo;
        MessageId = messageId;
        Sequence = sequence;
    }

    /// <summary>The reply's bytes; never written to once stored.</summary>
    public byte[] Bytes { get; }

    /// <summary>The reply's Content-Type.</summary>
    public string ContentType { get; }

    /// <summary>True for msbin1, false for text.</summary>
    public bool Binary { get; }

    /// <summary>Where the RelatesTo content is (the producer's MessageID, replaced by each caller's).</summary>
    public SpliceRange RelatesTo { get; }

    /// <summary>Where the reply's own MessageID content is (replaced by a fresh one per hit); most replies have none.</summary>
    public SpliceRange MessageId { get; }

    /// <summary>
    /// The number this process gave the reply when a backend call made it (0 when it came from Redis): a caller that
    /// asked before that number was handed out waited for this very call, a stampede join, not a hit.
    /// </summary>
    public long Sequence { get; }

    /// <summary>
    /// The reply <paramref name="bytes"/> (owned by the result from now on) located for splicing; null when the
    /// scanners will not splice it (then it is not stored).
    /// </summary>
    public static CachedReply? TryCreate(byte[] bytes, string contentType, bool binary, long sequence)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        ArgumentNullException.ThrowIfNull(contentType);
        return ReplyAddressing.TryLocate(bytes, binary, out var relatesTo, out var messageId)
            ? new CachedReply(bytes, contentType, binary, relatesTo, messageId, sequence)
            : null;
    }
}
