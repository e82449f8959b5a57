using SoapRouter.Configuration;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Routing;

namespace SoapRouter.Tests.Forwarding.Rewriting;

/// <summary>Reads messages with the router's own envelope reader, the reference the scanner is checked against.</summary>
internal static class RewriteAssert
{
    private static readonly SoapEnvelopeReader Reader = new(new ReaderQuotasConfig());

    /// <summary>Reads a message up to its Body; null when the reader refuses it.</summary>
    public static SoapMessageView? TryRead(ReadOnlyMemory<byte> message)
    {
        var result = Reader.ReadText(new ArraySegment<byte>(message.ToArray()), "/", null);
        return result.Message;
    }

    /// <summary>Reads a message that must be a valid envelope.</summary>
    public static SoapMessageView Read(ReadOnlyMemory<byte> message)
    {
        var result = Reader.ReadText(new ArraySegment<byte>(message.ToArray()), "/", null);
        Assert.True(result.Succeeded, result.ErrorMessage);
        return result.Message;
    }

    /// <summary>
    /// The rewritten message reads as the original did (same version, action, message id and header count) except
    /// that its To is <paramref name="newAddress"/>.
    /// </summary>
    public static void ReadsAsOriginalWithNewTo(ReadOnlyMemory<byte> original, ToHeaderRewriteResult result, string newAddress)
    {
        Assert.Equal(ToHeaderRewriteStatus.Rewritten, result.Status);
        using var before = Read(original);
        using var after = Read(result.Message);
        Assert.Equal(newAddress, after.Addressing.To);
        Assert.Equal(before.Version, after.Version);
        Assert.Equal(before.Addressing.Version, after.Addressing.Version);
        Assert.Equal(before.Action, after.Action);
        Assert.Equal(before.Addressing.MessageId, after.Addressing.MessageId);
        Assert.Equal(before.Addressing.ReplyTo, after.Addressing.ReplyTo);
        Assert.Equal(before.Headers.Length, after.Headers.Length);
    }

    /// <summary>
    /// The result keeps the original's bytes before <paramref name="location"/>'s content and from its end on; with an
    /// empty element, the "/&gt;" is the only thing replaced.
    /// </summary>
    public static void KeepsBytesAroundTo(ReadOnlySpan<byte> original, ReadOnlySpan<byte> rewritten, ToHeaderLocation location)
    {
        // The bytes before the To text, then those after it, are unchanged.
        Assert.Equal(original[..location.ContentStart], rewritten[..location.ContentStart]);
        var tail = original[location.ContentEnd..];
        Assert.Equal(tail, rewritten[^tail.Length..]);
    }
}
