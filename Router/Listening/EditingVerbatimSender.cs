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

    // What each attempt put on the wire (an edited To changes the length), for per-destination byte counts. Failover
    // is rare, so the first attempt is kept in fields and only further ones allocate.
    private DestinationState? _firstDestination;
    private int _firstLength;
    private List<(DestinationState Destination, int Length)>? _laterAttempts;

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
        RememberLength(destination, edited.Body.Length);
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

    /// <summary>The bytes sent to <paramref name="destination"/> by its attempt; <paramref name="fallback"/> when none was made.</summary>
    public int SentLength(DestinationState destination, int fallback)
    {
        if (ReferenceEquals(destination, _firstDestination))
        {
            return _firstLength;
        }

        if (_laterAttempts is not null)
        {
            foreach (var (attempted, length) in _laterAttempts)
            {
                if (ReferenceEquals(attempted, destination))
                {
                    return length;
                }
            }
        }

        return fallback;
    }

    private void RememberLength(DestinationState destination, int length)
    {
        if (_firstDestination is null)
        {
            _firstDestination = destination;
            _firstLength = length;
            return;
        }

        (_laterAttempts ??= []).Add((destination, length));
    }
}
