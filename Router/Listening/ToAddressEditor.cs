using SoapRouter.Forwarding.Rewriting;
using SoapRouter.LoadBalancing;
using SoapRouter.Routing;

namespace SoapRouter.Listening;

/// <summary>
/// Rewrites a text message's wsa:To to the destination's own address, splicing only the To text, because a WCF
/// backend's default address filter refuses a message addressed to the router. Binary (msbin1) bodies are sent as
/// they are: splicing them needs the binary record format and is not built yet.
/// </summary>
internal sealed class ToAddressEditor : IVerbatimRequestEditor
{
    /// <summary>The shared instance; it holds no state.</summary>
    public static ToAddressEditor Instance { get; } = new();

    /// <inheritdoc />
    public EditedRequest Edit(ReadOnlyMemory<byte> request, string contentType, DestinationState destination)
    {
        if (!SoapMediaTypes.IsSoapEnvelope(contentType) || SoapMediaTypes.Matches(contentType, SoapMediaTypes.Msbin1))
        {
            return EditedRequest.Unchanged(request);
        }

        var result = ToHeaderRewriter.Rewrite(request.Span, destination.Config.Address);
        if (result.Status == ToHeaderRewriteStatus.Rewritten)
        {
            return EditedRequest.Edited(result.Message, result);
        }

        // No To (basicHttp), already right, or a message the strict scanner will not splice (two To headers, say):
        // it goes as received, and a backend that checks To answers with its own address-filter fault.
        result.Dispose();
        return EditedRequest.Unchanged(request);
    }
}
