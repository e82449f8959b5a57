using SoapRouter.LoadBalancing;

namespace SoapRouter.Listening;

/// <summary>
/// The one place the verbatim path may change a request's bytes for the destination it is about to go to (for
/// example rewriting wsa:To to the backend's own address, which a WCF backend's address filter insists on). Called
/// once per attempt, so a failover to another destination gets its own edit.
/// </summary>
internal interface IVerbatimRequestEditor
{
    /// <summary>
    /// Returns the bytes to send to <paramref name="destination"/>: <paramref name="request"/> itself when nothing needs
    /// to change, or an edited copy in a pooled buffer that the caller releases once the attempt is over.
    /// <paramref name="contentType"/> is the request's content type, which tells the encoding.
    /// </summary>
    EditedRequest Edit(ReadOnlyMemory<byte> request, string contentType, DestinationState destination);
}
