using System.Collections.Concurrent;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using global::LoadClient.Envelopes;
using Microsoft.AspNetCore.Http;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// Answers a <see cref="RecordingBackend"/>'s requests as a WCF service of the sample contracts would, with the Wire
/// codec on both sides: each request is read (so WCF's own reader vouches for what the client sent) and recorded, and
/// the reply, or a fault, is written by the codec.
/// </summary>
internal sealed class WireResponder
{
    private readonly WireBinding _binding;
    private readonly MessageCodec _codec;
    private readonly bool _fault;

    /// <summary>Speaks <paramref name="binding"/>; with <paramref name="fault"/>, every request-reply call is answered with a Receiver fault.</summary>
    public WireResponder(WireBinding binding, bool fault = false)
    {
        _binding = binding;
        _codec = binding.CreateCodec(WireLimits.ForSize(64 * 1024 * 1024));
        _fault = fault;
    }

    /// <summary>Every request that read cleanly, decoded.</summary>
    public ConcurrentQueue<DecodedRequest> Decoded { get; } = new();

    /// <summary>Why requests that did not read cleanly were refused (answered 400).</summary>
    public ConcurrentQueue<string> Refused { get; } = new();

    /// <summary>The responder to start a <see cref="RecordingBackend"/> with.</summary>
    public Func<HttpContext, ReceivedRequest, RecordingBackend, Task> Respond => RespondAsync;

    private async Task RespondAsync(HttpContext context, ReceivedRequest received, RecordingBackend backend)
    {
        DecodedRequest request;
        try
        {
            request = DecodedRequest.Read(_binding, received.Body, received.Header("Content-Type"));
        }
        catch (Exception ex) when (ex is XmlException or CommunicationException or SerializationException or InvalidOperationException)
        {
            Refused.Enqueue(ex.Message);
            context.Response.StatusCode = StatusCodes.Status400BadRequest;
            return;
        }

        Decoded.Enqueue(request);
        if (request.Operation == "SubmitOrder")
        {
            // One-way: WCF acknowledges with an empty 202.
            context.Response.StatusCode = StatusCodes.Status202Accepted;
            return;
        }

        using var reply = _fault
            ? SoapFaultMessages.Create(_binding.MessageVersion, SoapFaultSpec.Receiver("Injected by the test service."), request.MessageId)
            : CreateReply(request);
        using var bytes = _codec.Write(reply);
        context.Response.StatusCode = _fault ? SoapFaultMessages.HttpStatusCode : StatusCodes.Status200OK;
        context.Response.ContentType = _codec.ContentType;
        context.Response.ContentLength = bytes.Count;
        await context.Response.Body.WriteAsync(bytes.Memory, backend.Stopping);
    }

    private Message CreateReply(DecodedRequest request)
    {
        var (action, body) = request.Argument switch
        {
            EchoPayload payload => (EchoServiceActions.EchoResponse, OperationMessages.EchoResponse.ToBody(payload)),
            int count => (OrderServiceActions.GetOrdersResponse, OperationMessages.GetOrdersResponse.ToBody(new PayloadGenerator(PayloadProfile.Compressible, 1).GetOrders(count))),
            _ => throw new InvalidOperationException($"No reply for {request.Operation}."),
        };

        // Without WS-Addressing the reply carries no action (HTTP has no header for it on the way back).
        var reply = Message.CreateMessage(_binding.MessageVersion, _binding.UsesAddressing ? action : null, body);
        if (_binding.UsesAddressing && request.MessageId is { } messageId)
        {
            reply.Headers.RelatesTo = new UniqueId(messageId);
        }

        return reply;
    }
}
