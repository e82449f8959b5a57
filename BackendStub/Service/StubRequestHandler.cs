using BackendStub.Hosting;
using BackendStub.Soap;
using Microsoft.Net.Http.Headers;

namespace BackendStub.Service;

/// <summary>
/// The HTTP side of one SOAP endpoint: method, content type and size checks (plain HTTP errors, as WCF's HTTP
/// transport gives them), then the message to <see cref="StubDispatcher"/> and its reply back.
/// </summary>
internal sealed class StubRequestHandler(StubOptions options, StubStatistics statistics, StubDispatcher dispatcher)
{
    /// <summary>Handles a request to <paramref name="binding"/>'s endpoint.</summary>
    public async Task HandleAsync(HttpContext context, SoapBinding binding)
    {
        var request = context.Request;
        var response = context.Response;
        if (!HttpMethods.IsPost(request.Method))
        {
            response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            response.Headers.Allow = HttpMethods.Post;
            return;
        }

        if (!MediaTypeHeaderValue.TryParse(request.ContentType, out var contentType)
            || !contentType.MediaType.Equals(SoapBindings.MediaType(binding), StringComparison.OrdinalIgnoreCase))
        {
            response.StatusCode = StatusCodes.Status415UnsupportedMediaType;
            return;
        }

        if (request.ContentLength > options.MaxMessageSize)
        {
            response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return;
        }

        using var body = await RequestBody.ReadAsync(request.Body, request.ContentLength, options.MaxMessageSize, context.RequestAborted);
        if (body is null)
        {
            response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return;
        }

        statistics.BodyReceived(binding, body.Span, request.ContentType);
        var httpAction = binding == SoapBinding.BasicHttp
            ? Unquote(request.Headers["SOAPAction"].ToString())
            : ActionParameter(contentType);
        var reply = await dispatcher.DispatchAsync(binding, body, httpAction, EndpointAddress(context, binding), context.RequestAborted);

        response.StatusCode = reply.StatusCode;
        response.ContentLength = reply.Body.Length;
        if (reply.ContentType is not null)
        {
            response.ContentType = reply.ContentType;
        }

        await response.Body.WriteAsync(reply.Body, context.RequestAborted);
    }

    /// <summary>
    /// This endpoint's own address, as WCF's listen URI: the configured host, the port the connection arrived on
    /// (the bound one, also when port 0 was asked for) and the binding's path.
    /// </summary>
    private Uri EndpointAddress(HttpContext context, SoapBinding binding) =>
        new UriBuilder(Uri.UriSchemeHttp, options.Host, context.Connection.LocalPort, SoapBindings.Path(binding)).Uri;

    private static string? ActionParameter(MediaTypeHeaderValue contentType)
    {
        foreach (var parameter in contentType.Parameters)
        {
            if (parameter.Name.Equals("action", StringComparison.OrdinalIgnoreCase))
            {
                return Unquote(parameter.Value.ToString());
            }
        }

        return null;
    }

    private static string? Unquote(string? value)
    {
        if (string.IsNullOrEmpty(value))
        {
            return null;
        }

        return value.Length >= 2 && value[0] == '"' && value[^1] == '"' ? value[1..^1] : value;
    }
}
