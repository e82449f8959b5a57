namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// The wsa:To of one received message: located once, on the first destination that needs it, and spliced to each
/// destination's address from that location, so failover to another destination does not scan the envelope again.
/// A mutable struct meant to live in a field of its message's sender.
/// </summary>
internal struct ToSplicer
{
    private bool _located;
    private ToHeaderRewriteError _error;
    private bool _found;
    private ToHeaderLocation _text;
    private Msbin1ToLocation _binary;

    /// <summary>
    /// <paramref name="message"/> (text when <paramref name="binary"/> is false, msbin1 otherwise; the same bytes on
    /// every call) with its To set to <paramref name="address"/>.
    /// </summary>
    public ToHeaderRewriteResult Splice(ReadOnlySpan<byte> message, bool binary, string address)
    {
        if (!_located)
        {
            _error = binary
                ? Msbin1ToRewriter.Locate(message, out _found, out _binary)
                : ToHeaderRewriter.Locate(message, out _found, out _text);
            _located = true;
        }

        if (_error != ToHeaderRewriteError.None)
        {
            return ToHeaderRewriteResult.Failed(_error);
        }

        if (!_found)
        {
            return ToHeaderRewriteResult.NotPresent;
        }

        return binary ? Msbin1ToRewriter.Apply(message, _binary, address) : ToHeaderRewriter.Apply(message, _text, address);
    }
}
