using BackendStub.Hosting;
using BackendStub.Wsdl;

namespace BackendStub.Service;

/// <summary>
/// The HTTP side of one SOAP endpoint: GET ?wsdl serves the endpoint's WSDL; otherwise method, content type and size
/// checks (plain HTTP refusals, as WCF's HTTP transport gives them), then the message to <see cref="StubDispatcher"/>
/// and its reply back.
/// </summary>
internal sealed class StubRequestHandler(StubOptions options, StubStatistics statistics, StubDispatcher dispatcher)
{
    /// <summary>The content type of the WSDL document.</summary>
    public const string WsdlContentType = "text/xml; charset=utf-8";

    /// <summary>Handles a request to <paramref name="endpoint"/>.</summary>
    public async Task HandleAsync(HttpContext context, StubSoapEndpoint endpoint)
    {
        var request = context.Request;
        var response = context.Response;
        if (HttpMethods.IsGet(request.Method) && IsWsdlQuery(request.Query))
        {
            var wsdl = StubWsdlWriter.Write(endpoint.Binding, EndpointAddress(context, endpoint));
            response.StatusCode = StatusCodes.Status200OK;
            response.ContentType = WsdlContentType;
            response.ContentLength = wsdl.Length;
            await response.Body.WriteAsync(wsdl, context.RequestAborted);
            return;
        }

        if (!HttpMethods.IsPost(request.Method))
        {
            response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            response.Headers.Allow = HttpMethods.Post;
            return;
        }

        if (!endpoint.Binding.Accepts(request.ContentType))
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

        statistics.BodyReceived(endpoint, body.Span, request.ContentType);
        var transportAction = endpoint.Binding.TransportAction(request.ContentType, request.Headers["SOAPAction"].ToString());
        using var reply = await dispatcher.DispatchAsync(
            endpoint, body, request.ContentType, transportAction, EndpointAddress(context, endpoint), context.RequestAborted);

        response.StatusCode = reply.StatusCode;
        response.ContentLength = reply.Body?.Count ?? 0;
        if (reply.ContentType is not null)
        {
            response.ContentType = reply.ContentType;
        }

        if (reply.Body is { } bytes)
        {
            await response.Body.WriteAsync(bytes.Memory, context.RequestAborted);
        }
    }

    /// <summary>
    /// This endpoint's own address, as WCF's listen URI: the configured host, the port the connection arrived on
    /// (the bound one, also when port 0 was asked for) and the endpoint's path.
    /// </summary>
    private Uri EndpointAddress(HttpContext context, StubSoapEndpoint endpoint) =>
        new UriBuilder(Uri.UriSchemeHttp, options.Host, context.Connection.LocalPort, endpoint.Path).Uri;

    // WCF serves its metadata at ?wsdl and ?singleWsdl; the stub's WSDL is always a single document.
    private static bool IsWsdlQuery(IQueryCollection query) =>
        query.ContainsKey("wsdl") || query.ContainsKey("singleWsdl");
}
