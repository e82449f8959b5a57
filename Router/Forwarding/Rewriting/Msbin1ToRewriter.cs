using System.Buffers;
using System.Buffers.Binary;
using System.Text;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Rewrites the WS-Addressing 1.0 To of an msbin1 message (WCF binary XML over HTTP) to the destination's address and
/// leaves every other byte as the client sent it: the binary counterpart of <see cref="ToHeaderRewriter"/>. The To's
/// content is replaced by one Chars text record that also ends the element, which is how WCF writes a To.
/// </summary>
internal static class Msbin1ToRewriter
{
    /// <summary>
    /// Finds the To in the Header of <paramref name="message"/> and, unless it already holds
    /// <paramref name="newAddress"/>, copies the message into one buffer rented from <paramref name="pool"/> (the shared
    /// pool by default) with the new address. Bad input is a result, never an exception.
    /// </summary>
    public static ToHeaderRewriteResult Rewrite(ReadOnlySpan<byte> message, string newAddress, ArrayPool<byte>? pool = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(newAddress);
        var error = Locate(message, out var found, out var location);
        if (error != ToHeaderRewriteError.None)
        {
            return ToHeaderRewriteResult.Failed(error);
        }

        return found ? Apply(message, location, newAddress, pool) : ToHeaderRewriteResult.NotPresent;
    }

    /// <summary>
    /// Sets the To found at <paramref name="location"/> (by <see cref="Locate"/> on the same bytes) to
    /// <paramref name="newAddress"/>; <see cref="ToHeaderRewriteStatus.Unchanged"/> when it already holds it.
    /// </summary>
    public static ToHeaderRewriteResult Apply(ReadOnlySpan<byte> message, Msbin1ToLocation location, string newAddress, ArrayPool<byte>? pool = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(newAddress);
        var addressLength = Encoding.UTF8.GetByteCount(newAddress);
        if (location.Text.Length == addressLength && Utf8Equals(location.Text.Of(message), newAddress))
        {
            return ToHeaderRewriteResult.Unchanged;
        }

        var lengthSize = addressLength <= byte.MaxValue ? 1 : addressLength <= ushort.MaxValue ? 2 : 4;
        var before = message[..location.ContentStart];
        var after = message[location.ContentEnd..];
        var length = (long)before.Length + 1 + lengthSize + addressLength + after.Length;
        if (length > Array.MaxLength)
        {
            return ToHeaderRewriteResult.Failed(ToHeaderRewriteError.Unsupported);
        }

        pool ??= SoapRouter.Wire.Encoding.MessageBufferPool.Instance;
        var buffer = pool.Rent((int)length);
        var output = buffer.AsSpan();
        before.CopyTo(output);
        var written = before.Length;
        switch (lengthSize)
        {
            case 1:
                output[written++] = Msbin1Records.Chars8TextWithEndElement;
                output[written++] = (byte)addressLength;
                break;
            case 2:
                output[written++] = Msbin1Records.Chars16TextWithEndElement;
                BinaryPrimitives.WriteUInt16LittleEndian(output[written..], (ushort)addressLength);
                written += 2;
                break;
            default:
                output[written++] = Msbin1Records.Chars32TextWithEndElement;
                BinaryPrimitives.WriteInt32LittleEndian(output[written..], addressLength);
                written += 4;
                break;
        }

        written += Encoding.UTF8.GetBytes(newAddress, output[written..]);
        after.CopyTo(output[written..]);
        written += after.Length;
        return ToHeaderRewriteResult.Rewritten(buffer, written, pool);
    }

    /// <summary>Walks to the end of the Header; on success <paramref name="found"/> tells whether there is a To.</summary>
    public static ToHeaderRewriteError Locate(ReadOnlySpan<byte> message, out bool found, out Msbin1ToLocation location)
    {
        Span<Msbin1Declaration> declarations = stackalloc Msbin1Declaration[Msbin1ToLocator.DeclarationCapacity];
        var locator = new Msbin1ToLocator(message, declarations);
        return locator.Locate(out found, out location);
    }

    private static bool Utf8Equals(ReadOnlySpan<byte> utf8, string text)
    {
        Span<byte> scratch = stackalloc byte[256];
        var bytes = utf8.Length <= scratch.Length ? scratch[..utf8.Length] : new byte[utf8.Length];
        return Encoding.UTF8.TryGetBytes(text, bytes, out var written) && written == utf8.Length && bytes.SequenceEqual(utf8);
    }
}
