using System.ServiceModel;
using System.ServiceModel.Channels;
using LoadClient.Driving;
using SoapRouter.Wire.Tracing;

namespace LoadClient.Wcf;

/// <summary>One WCF-mode worker's channel; replaced when a failure faults it (a net.tcp session does on most errors).</summary>
/// <typeparam name="TContract">The service contract.</typeparam>
internal sealed class WcfChannel<TContract> : ILoadChannel
    where TContract : class
{
    private readonly WcfTarget<TContract> _target;
    private readonly CancellationToken _stop;
    private TContract? _channel;

    /// <summary>Calls through channels of <paramref name="target"/> until <paramref name="stop"/> fires.</summary>
    public WcfChannel(WcfTarget<TContract> target, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(target);
        _target = target;
        _stop = stop;
    }

    /// <inheritdoc />
    public async Task<SendResult> SendAsync()
    {
        var channel = _channel ??= _target.NewChannel();
        var communicationObject = (ICommunicationObject)channel;

        // WCF calls take no token: a stop aborts the channel, which ends the call in flight at once.
        using var abortOnStop = _stop.Register(static c => ((ICommunicationObject)c!).Abort(), communicationObject);
        var id = _target.CarriesRequestId ? Guid.NewGuid() : (Guid?)null;
        try
        {
            await StartCall(channel, id ?? Guid.Empty);
            return id is null ? SendResult.WcfOk : SendResult.WcfOk with { RequestId = id };
        }
        catch (Exception ex) when (WcfOutcomes.IsCallFailure(ex) || _stop.IsCancellationRequested)
        {
            // Aborted by a stop, an HTTP call ends in the HttpClient's OperationCanceledException rather than a
            // CommunicationException; either way it is not counted.
            if (communicationObject.State is not (CommunicationState.Created or CommunicationState.Opening or CommunicationState.Opened))
            {
                communicationObject.Abort();
                _channel = null;
            }

            return WcfOutcomes.Classify(ex, _stop.IsCancellationRequested);
        }
    }

    /// <summary>
    /// Starts one call carrying the current request span as traceparent: the HTTP header (set here: HttpClient would
    /// otherwise send the id of its own, unexported, request activity), or over net.tcp a SOAP header
    /// (<see cref="TraceParentSoapHeader.DefaultNamespace"/>). The operation scope is bound to its thread, so the call
    /// starts inside it and is awaited outside.
    /// </summary>
    private Task StartCall(TContract channel, Guid id)
    {
        if (LoadTracing.CurrentTraceParent is not { } traceParent)
        {
            return _target.CallAsync(channel, id);
        }

        using (new OperationContextScope((IContextChannel)channel))
        {
            if (_target.IsSession)
            {
                OperationContext.Current.OutgoingMessageHeaders.Add(
                    MessageHeader.CreateHeader(TraceParentSoapHeader.DefaultName, TraceParentSoapHeader.DefaultNamespace, traceParent));
            }
            else
            {
                var http = new HttpRequestMessageProperty();
                http.Headers["traceparent"] = traceParent;
                OperationContext.Current.OutgoingMessageProperties[HttpRequestMessageProperty.Name] = http;
            }

            return _target.CallAsync(channel, id);
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        if (_channel is ICommunicationObject communicationObject)
        {
            _channel = null;
            await WcfClosing.CloseAsync(communicationObject);
        }
    }
}
