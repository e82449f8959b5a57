using SoapRouter.Wire.Binary;

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
    /// <paramref name="message"/>, received on <paramref name="binding"/> with <paramref name="receivedTo"/> as its To, with
    /// To set to <paramref name="address"/>: nothing to do without addressing or a To, or when the To names the address
    /// already (the envelope reader saw the To: most messages need no scan). A message the strict scanners will not
    /// splice goes as received; a backend that checks To answers with its own fault.
    /// </summary>
    public ToHeaderRewriteResult SpliceFor(
        ReadOnlySpan<byte> message, Wire.Bindings.WireBinding binding, string? receivedTo, string address, ByteRange? envelope = null)
    {
        ArgumentNullException.ThrowIfNull(binding);
        if (!binding.UsesAddressing || receivedTo is null)
        {
            return ToHeaderRewriteResult.NotPresent;
        }

        return string.Equals(receivedTo, address, StringComparison.Ordinal)
            ? ToHeaderRewriteResult.Unchanged
            : Splice(message, binding.IsBinary, address, envelope);
    }

    /// <summary>
    /// <paramref name="message"/> (text when <paramref name="binary"/> is false, msbin1 otherwise; the same bytes on
    /// every call) with its To set to <paramref name="address"/>. <paramref name="envelope"/>: where the text envelope
    /// sits when it is one part of the message (MTOM's root part); the bytes around it are kept as they are.
    /// </summary>
    public ToHeaderRewriteResult Splice(ReadOnlySpan<byte> message, bool binary, string address, ByteRange? envelope = null)
    {
        if (!_located)
        {
            if (binary)
            {
                _error = Msbin1ToRewriter.Locate(message, out _found, out _binary);
            }
            else
            {
                var range = envelope ?? new ByteRange(0, message.Length);
                _error = ToHeaderRewriter.Locate(range.Of(message), out _found, out var located);
                _text = located.Offset(range.Start);
            }

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
