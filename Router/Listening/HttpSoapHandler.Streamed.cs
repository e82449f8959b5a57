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
    private async Task HandleStreamedAsync(HttpContext context, MessageContext message, string contentType)
    {
        var listener = message.Listener;
        using var request = await _intake.ReadStreamedAsync(context, message).ConfigureAwait(false);
        if (request is null)
        {
            return;
        }

        if (!await _gate.TryEnterAsync(context.RequestAborted).ConfigureAwait(false))
        {
            context.Response.Headers.Connection = "close";
            await RefuseBusyAsync(context, message, "The router is busy; try again later.", FaultKind.RouterBusy).ConfigureAwait(false);
            return;
        }

        try
        {
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            message.Inbound = Inbound(context, contentType, request.HeadersEnvelope, request.HeadersEnvelopeLength, request);
            var (answer, outcome) = await _pipeline.ProcessAsync(message).ConfigureAwait(false);
            using var owned = answer;
            if (answer is null && outcome.Fault == FaultKind.SlowClient)
            {
                _intake.NoteSlowClient(context, listener, "minRequestBodyDataRate");
            }

            await StreamedExchange.AnswerAsync(context, listener, answer, request, _time, _logger).ConfigureAwait(false);
        }
        finally
        {
            _gate.Exit();
        }
    }
}
