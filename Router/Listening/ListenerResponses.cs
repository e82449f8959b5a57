using System.Text;
using SoapRouter.Faults;
using SoapRouter.Forwarding.Http;

using SoapRouter.Routing;

namespace SoapRouter.Listening;

/// <summary>Writes what the listeners answer: a destination's reply as it came, the router's own faults, and plain HTTP refusals.</summary>
internal static class ListenerResponses
{
    private static readonly byte[] NotFoundBody = Encoding.ASCII.GetBytes("No SOAP listener at this address.\n");
    private static readonly byte[] MethodNotAllowedBody = Encoding.ASCII.GetBytes("SOAP listeners accept POST only.\n");

    /// <summary>
    /// Writes a destination's reply unchanged: its status, content type and bytes. An empty reply is a one-way
    /// acknowledgement and becomes 202 Accepted.
    /// </summary>
    public static Task WriteReplyAsync(HttpContext context, RawSoapReply reply)
    {
        var response = context.Response;
        if (reply.IsEmpty)
        {
            response.StatusCode = StatusCodes.Status202Accepted;
            response.ContentLength = 0;
            return Task.CompletedTask;
        }

        response.StatusCode = reply.StatusCode;
        if (reply.ContentType is { } contentType)
        {
            response.Headers.ContentType = contentType;
        }

        response.ContentLength = reply.Length;
        return response.Body.WriteAsync(reply.Body, context.RequestAborted).AsTask();
    }

    /// <summary>The body and content type of one of the router's faults: as built for text listeners, as msbin1 for binary ones.</summary>
    public static (byte[] Body, string ContentType) FaultBody(HttpListenerBinding binding, SoapFaultResponse fault) =>
        binding.IsBinary ? (BinaryFaultEncoder.Encode(fault.Body), SoapMediaTypes.Msbin1) : (fault.Body, fault.ContentType);

    /// <summary>Writes a fault body made by <see cref="FaultBody"/> with <paramref name="statusCode"/>.</summary>
    public static Task WriteFaultAsync(HttpContext context, byte[] body, string contentType, int statusCode)
    {
        var response = context.Response;
        response.StatusCode = statusCode;
        response.Headers.ContentType = contentType;
        response.ContentLength = body.Length;
        return response.Body.WriteAsync(body, context.RequestAborted).AsTask();
    }

    /// <summary>404 with a short text body, for a path no listener serves.</summary>
    public static Task WriteNotFoundAsync(HttpContext context) => WriteTextAsync(context, StatusCodes.Status404NotFound, NotFoundBody);

    /// <summary>405 with Allow: POST.</summary>
    public static Task WriteMethodNotAllowedAsync(HttpContext context)
    {
        context.Response.Headers.Allow = HttpMethods.Post;
        return WriteTextAsync(context, StatusCodes.Status405MethodNotAllowed, MethodNotAllowedBody);
    }

    private static Task WriteTextAsync(HttpContext context, int statusCode, byte[] body)
    {
        var response = context.Response;
        response.StatusCode = statusCode;
        response.Headers.ContentType = "text/plain; charset=utf-8";
        response.ContentLength = body.Length;
        return response.Body.WriteAsync(body, context.RequestAborted).AsTask();
    }
}
