using SoapRouter.LoadBalancing;

namespace SoapRouter.Listening;

/// <summary>
/// Sends every request unchanged. Used until the wsa:To rewriter (Router/Forwarding/Rewriting) is wired in; until then
/// a soap12Http backend that checks To (WCF's default address filter) refuses messages addressed to the router.
/// </summary>
internal sealed class PassThroughRequestEditor : IVerbatimRequestEditor
{
    /// <summary>The shared instance; it holds no state.</summary>
    public static PassThroughRequestEditor Instance { get; } = new();

    /// <inheritdoc />
    public EditedRequest Edit(ReadOnlyMemory<byte> request, string contentType, DestinationState destination) =>
        EditedRequest.Unchanged(request);
}
