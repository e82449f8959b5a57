using System.ServiceModel;
using BackendStub.Hosting;
using SoapRouter.Wire.Framing;

namespace BackendStub.Service;

/// <summary>
/// The stub's net.tcp endpoint for one session: the session's own operations (counter, duplex) are answered by its
/// <see cref="StubSessionService"/>, every other message by <see cref="StubDispatcher"/> exactly as the HTTP endpoints'
/// are, and the reply or fault goes back on the session. One-way messages get nothing back, as from a WCF service over net.tcp.
/// <paramref name="endpoint"/>: the WS-Addressing 1.0 endpoint (by default) or the August 2004 one, whose requests have
/// their anonymous ReplyTo cut out before they are read (<see cref="August2004SessionReplyTo"/>).
/// </summary>
internal sealed class StubNetTcpEndpoint(StubDispatcher dispatcher, StubStatistics statistics, Uri address, StubSoapEndpoint? endpoint = null)
    : INetTcpSessionEndpoint
{
    private readonly StubSoapEndpoint _endpoint = endpoint ?? StubSoapEndpoints.NetTcp;
    private readonly StubSessionService _session = new(statistics, (endpoint ?? StubSoapEndpoints.NetTcp).Binding.MessageVersion);

    /// <summary>The endpoint's own address (wsa:To must name it): net.tcp://host:port/tcp with the port the connection came in on.</summary>
    public Uri Address => address;

    /// <inheritdoc />
    public SoapRouter.Wire.Bindings.WireBinding Binding => _endpoint.Binding;

    /// <inheritdoc />
    public int PrepareToRead(Span<byte> payload) =>
        _endpoint.Binding.Addressing == SoapRouter.Wire.Bindings.WireAddressingNames.August2004 ? August2004SessionReplyTo.Cut(payload) : payload.Length;

    /// <inheritdoc />
    public async ValueTask HandleAsync(NetTcpRequest request)
    {
        using (request)
        {
            // Off the session's read loop: reading the body and encoding the reply are synchronous work.
            await Task.Yield();
            statistics.MessageReceived();
            var closing = request.SessionClosing;
            try
            {
                using var message = request.Buffer.CreateMessage();
                using var activity = StubTracing.Start(
                    _endpoint.Binding.Name, SoapRouter.Wire.Tracing.TraceParentSoapHeader.FindByLocalName(message.Headers), traceState: null);
                activity?.SetTag("rpc.method", message.Headers.Action);
                using var answer = _session.TryAnswer(message, closing) is { } own
                    ? await own
                    : await dispatcher.AnswerAsync(_endpoint.Binding, message, transportAction: null, address, closing);
                if (answer.Message is { } reply)
                {
                    await SendAsync(request, answer, reply, closing);
                }
            }
            catch (OperationCanceledException) when (closing.IsCancellationRequested)
            {
                // The session went away (client gone, server stopping) while the operation ran: nobody to answer.
            }
            catch (CommunicationObjectAbortedException)
            {
                // The session ended before the answer could go out.
            }
        }
    }

    /// <inheritdoc />
    public void Opened(NetTcpSessionHandle session) => _session.Opened(session);

    /// <inheritdoc />
    public ValueTask ClosedAsync(bool clientEnded)
    {
        _session.Closed();
        return ValueTask.CompletedTask;
    }

    private async Task SendAsync(NetTcpRequest request, StubAnswer answer, System.ServiceModel.Channels.Message reply, CancellationToken closing)
    {
        try
        {
            await request.SendAsync(reply, closing);
        }
        catch (QuotaExceededException)
        {
            // Nothing went out (the session encoder checks the size before anything is written): answer a fault instead.
            using var tooLarge = dispatcher.Fault(_endpoint.Binding, WcfFaults.ReplyTooLarge(), answer.RelatesTo);
            await request.SendAsync(tooLarge.Message!, closing);
        }
    }
}
