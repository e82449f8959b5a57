using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Listening;

/// <summary>
/// The per-message sender of the listener's verbatim path: asks the <see cref="IVerbatimRequestEditor"/> for the bytes
/// each destination gets, sends them unchanged otherwise, and releases an edited copy once the attempt is over.
/// </summary>
internal sealed class EditingVerbatimSender : IAttemptSender<RawSoapReply>
{
    private readonly HttpVerbatimTransport _transport;
    private readonly ClusterState _cluster;
    private readonly RawSoapRequest _request;
    private readonly IVerbatimRequestEditor _editor;

    /// <summary>Prepares to send <paramref name="request"/> through <paramref name="cluster"/>.</summary>
    public EditingVerbatimSender(HttpVerbatimTransport transport, ClusterState cluster, RawSoapRequest request, IVerbatimRequestEditor editor)
    {
        _transport = transport;
        _cluster = cluster;
        _request = request;
        _editor = editor;
    }

    /// <inheritdoc />
    public async ValueTask<AttemptResult<RawSoapReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        var edited = _editor.Edit(_request.Body, _request.ContentType, destination);
        if (!edited.IsEdited)
        {
            // The common case: no copy of the request struct, nothing to release.
            return await _transport.SendAsync(destination, _cluster.ConnectTimeout, _request, cancellationToken).ConfigureAwait(false);
        }

        try
        {
            var request = new RawSoapRequest(edited.Body, _request.ContentType)
            {
                SoapAction = _request.SoapAction,
                TraceParent = _request.TraceParent,
                TraceState = _request.TraceState,
                IsOneWay = _request.IsOneWay,
            };
            return await _transport.SendAsync(destination, _cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            edited.Release();
        }
    }
}
