using System.Text;
using System.Globalization;
using SoapRouter.Forwarding.Http;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Listening;

/// <summary>Writes what the listeners answer: the pipeline's reply or fault, and plain HTTP refusals.</summary>
internal static class ListenerResponses
{
    private static readonly byte[] NotFoundBody = Encoding.ASCII.GetBytes("No SOAP listener at this address.\n");
    private static readonly byte[] MethodNotAllowedBody = Encoding.ASCII.GetBytes("SOAP listeners accept POST (and GET ?wsdl).\n");
    private static readonly byte[] DrainingBody = Encoding.ASCII.GetBytes("The router is stopping.\n");

    /// <summary>
    /// Writes an answer: its status, content type and bytes. An empty reply is a one-way acknowledgement and becomes
    /// 202 Accepted.
    /// </summary>
    public static Task WriteAsync(HttpContext context, RawSoapReply reply)
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

    /// <summary>
    /// Writes an answer compressed by <paramref name="link"/>'s policy in a codec of <paramref name="accepts"/> (the
    /// client's Accept-Encoding), marked with Content-Encoding and X-Soap-Original-Length (a stock WCF client reads
    /// gzip and deflate this way); plain when the policy says no or the client accepts nothing. The policy plans with
    /// <paramref name="peerBytesPerSecond"/>, this client's own bandwidth, when known.
    /// </summary>
    public static async Task WriteAsync(HttpContext context, RawSoapReply reply, CompressionLink link, CodecSet accepts, string? action, double? peerBytesPerSecond = null)
    {
        if (link.Options.Enabled && link.Options.Mode != LinkCompressionMode.None)
        {
            // The answer depends on the request's Accept-Encoding, compressed or not: a cache in between must know.
            context.Response.Headers.Vary = CompressionHeaders.AcceptEncoding;
        }

        if (reply.IsEmpty || accepts.Without(CodecId.None).IsEmpty)
        {
            await WriteAsync(context, reply).ConfigureAwait(false);
            return;
        }

        using var compressed = link.TryCompressToNew(reply.Body.Span, action, accepts, out var outcome, peerBytesPerSecond);
        if (compressed is null)
        {
            await WriteAsync(context, reply).ConfigureAwait(false);
            return;
        }

        var response = context.Response;
        response.StatusCode = reply.StatusCode;
        if (reply.ContentType is { } contentType)
        {
            response.Headers.ContentType = contentType;
        }

        response.Headers.ContentEncoding = outcome.Codec!.HttpToken;
        response.Headers[CompressionHeaders.OriginalLength] = outcome.OriginalLength.ToString(CultureInfo.InvariantCulture);
        response.ContentLength = compressed.WrittenCount;
        await response.Body.WriteAsync(compressed.WrittenMemory, context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>404 with a short text body, for a path no listener serves.</summary>
    public static Task WriteNotFoundAsync(HttpContext context) => WriteTextAsync(context, StatusCodes.Status404NotFound, NotFoundBody);

    /// <summary>405 with Allow: POST.</summary>
    public static Task WriteMethodNotAllowedAsync(HttpContext context)
    {
        context.Response.Headers.Allow = HttpMethods.Post;
        return WriteTextAsync(context, StatusCodes.Status405MethodNotAllowed, MethodNotAllowedBody);
    }

    /// <summary>503 while the router drains: a load balancer's check of a listener path fails, so it sends elsewhere.</summary>
    public static Task WriteDrainingAsync(HttpContext context)
    {
        context.Response.Headers.RetryAfter = "1";
        return WriteTextAsync(context, StatusCodes.Status503ServiceUnavailable, DrainingBody);
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
