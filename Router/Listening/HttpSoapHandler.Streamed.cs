using Microsoft.AspNetCore.Http.Features;
using SoapRouter.Hosting;
using SoapRouter.Pipeline;
using SoapRouter.Streaming;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>The HTTP side of a streamed listener's message (transportMode streamed).</summary>
internal sealed partial class HttpSoapHandler
{
    /// <summary>
    /// A streamed listener's message: its header section read under the body deadline, then a slot, then the pipeline with
    /// the rest of the body still with the client (<see cref="StreamedExchange"/> passes on the answer). The body's size is
    /// bounded by limits.streamed.maxMessageSize (Kestrel's own count) and its pace by Kestrel's minimum data rate.
    /// </summary>
    private async Task HandleStreamedAsync(
        HttpContext context, SoapListener listener, string contentType, PipelineState state, System.Diagnostics.Activity? activity)
    {
        var limits = state.State.Config.Limits;
        if (context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } sizeLimit)
        {
            sizeLimit.MaxRequestBodySize = limits.Streamed.MaxMessageSize;
        }

        if (context.Request.ContentLength > limits.Streamed.MaxMessageSize)
        {
            await RefuseTooLargeAsync(context, listener, limits.Streamed.MaxMessageSize).ConfigureAwait(false);
            return;
        }

        // WCF's encoders read and write streams synchronously (on threads of their own) on the re-encode path.
        context.Features.Get<IHttpBodyControlFeature>()!.AllowSynchronousIO = true;
        var deadline = _deadlines.Rent(limits.RequestBodyTimeout);
        (StreamedRequest? Request, HeaderSectionError Error) read;
        try
        {
            read = await StreamedRequest.ReadAsync(
                context.Request.Body,
                context.Request.ContentLength,
                listener.Binding.IsBinary,
                limits.Streamed.MaxHeadersSize,
                _pool,
                exception => ClientBodyErrors.Classify(exception, context),
                deadline.Token).ConfigureAwait(false);
        }
        catch (Exception exception) when (ClientBodyErrors.IsTooSlow(exception, context, deadline.Token))
        {
            DropSlowClient(context, listener, exception is OperationCanceledException ? "requestBodyTimeout" : "minRequestBodyDataRate");
            return;
        }
        catch (Exception exception) when (ClientBodyErrors.IsTooLarge(exception))
        {
            await RefuseTooLargeAsync(context, listener, limits.Streamed.MaxMessageSize).ConfigureAwait(false);
            return;
        }
        finally
        {
            _deadlines.Return(deadline);
        }

        using var request = read.Request;
        if (request is null)
        {
            await StreamedExchange.RefuseHeaderSectionAsync(context, listener, read.Error, limits.Streamed.MaxHeadersSize, _pipeline.Faults).ConfigureAwait(false);
            return;
        }

        if (!await _gate.TryEnterAsync(context.RequestAborted).ConfigureAwait(false))
        {
            context.Response.Headers.Connection = "close";
            await RefuseBusyAsync(context, listener, "The router is busy; try again later.", FaultKind.RouterBusy).ConfigureAwait(false);
            return;
        }

        try
        {
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            var inbound = Inbound(context, listener, contentType, request.HeadersEnvelope, request.HeadersEnvelopeLength, activity, request);
            var (answer, outcome) = await _pipeline.ProcessAsync(inbound, state).ConfigureAwait(false);
            using var owned = answer;
            if (answer is null && outcome.Fault == FaultKind.SlowClient)
            {
                NoteSlowClient(context, listener, "minRequestBodyDataRate");
            }

            await StreamedExchange.AnswerAsync(context, listener, answer, request, _time, _logger).ConfigureAwait(false);
        }
        finally
        {
            _gate.Exit();
        }
    }
}
