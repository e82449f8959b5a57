using System.ServiceModel;
using System.ServiceModel.Channels;
using BackendStub.Hosting;
using BackendStub.Wsdl;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace BackendStub.Service;

/// <summary>
/// The HTTP side of the SOAP endpoints: GET ?wsdl serves the endpoint's WSDL; otherwise method, content type and size
/// checks (plain HTTP refusals, as WCF's HTTP transport gives them), then the message read with the endpoint's WCF
/// encoder, answered by <see cref="StubDispatcher"/>, and the answer written back with the same encoder.
/// </summary>
internal sealed class StubRequestHandler
{
    /// <summary>The content type of the WSDL document.</summary>
    public const string WsdlContentType = "text/xml; charset=utf-8";

    /// <summary>
    /// Largest reply the stub writes. Requests are bounded by <see cref="StubOptions.MaxMessageSize"/> before they are
    /// read; replies (GetOrders(10000) of a large profile) may be far larger, as a backend's may.
    /// </summary>
    public const int MaxReplySize = 256 * 1024 * 1024;

    private readonly StubOptions _options;
    private readonly StubStatistics _statistics;
    private readonly StubDispatcher _dispatcher;
    private readonly Dictionary<StubSoapEndpoint, MessageCodec> _codecs = [];

    public StubRequestHandler(StubOptions options, StubStatistics statistics, StubDispatcher dispatcher)
    {
        _options = options;
        _statistics = statistics;
        _dispatcher = dispatcher;

        // Reader quotas only need to let a request of MaxMessageSize through (its size is checked before reading).
        var limits = new WireLimits
        {
            MaxMessageSize = Math.Max(_options.MaxMessageSize, MaxReplySize),
            MaxStringContentLength = Math.Max(_options.MaxMessageSize, 8192),
            MaxArrayLength = Math.Max(_options.MaxMessageSize, 8192),
        };
        foreach (var endpoint in StubSoapEndpoints.All)
        {
            _codecs[endpoint] = endpoint.Binding.CreateCodec(limits);
        }
    }

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

        if (request.ContentLength > _options.MaxMessageSize)
        {
            response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return;
        }

        using var body = await RequestBody.ReadAsync(request.Body, request.ContentLength, _options.MaxMessageSize, context.RequestAborted);
        if (body is null)
        {
            response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return;
        }

        _statistics.BodyReceived(endpoint, body.Span, request.ContentType);
        var transportAction = endpoint.Binding.TransportAction(request.ContentType, request.Headers["SOAPAction"].ToString());
        using var reply = await DispatchAsync(
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
    /// Reads the message in <paramref name="body"/> with the endpoint's encoder, answers it, and encodes the answer:
    /// 200 with the reply, 500 with a fault (also for a message that cannot be read), 202 for an accepted one-way
    /// message. The reply must be disposed; <paramref name="body"/> may be released as soon as this returns.
    /// </summary>
    private async ValueTask<StubReply> DispatchAsync(
        StubSoapEndpoint endpoint,
        RequestBody body,
        string? contentType,
        string? transportAction,
        Uri address,
        CancellationToken cancellationToken)
    {
        var codec = _codecs[endpoint];
        var binding = endpoint.Binding;
        Message request;
        try
        {
            request = codec.Read(new ArraySegment<byte>(body.Buffer, 0, body.Length), contentType);
        }
        catch (Exception ex) when (BadInput.Is(ex))
        {
            var soapVersion = binding.IsSoap12 ? "1.2" : "1.1";
            using var unreadable = _dispatcher.Fault(binding, WcfFaults.MalformedMessage(BadInput.DescribeMessage(ex, soapVersion)), relatesTo: null);
            return Encode(codec, unreadable);
        }

        // The message reads its body from the request's buffer: it is closed here, before the buffer goes back.
        using (request)
        {
            using var answer = await _dispatcher.AnswerAsync(binding, request, transportAction, address, cancellationToken).ConfigureAwait(false);
            return Encode(codec, answer);
        }
    }

    /// <summary>The HTTP reply carrying <paramref name="answer"/>; a reply too large to write becomes a fault.</summary>
    private StubReply Encode(MessageCodec codec, StubAnswer answer)
    {
        if (answer.Message is not { } message)
        {
            return StubReply.Accepted;
        }

        try
        {
            return new StubReply(answer.IsFault ? SoapFaultMessages.HttpStatusCode : StatusCodes.Status200OK, codec.Write(message), codec.ContentType);
        }
        catch (QuotaExceededException)
        {
            using var tooLarge = _dispatcher.Fault(codec.Binding, WcfFaults.ReplyTooLarge(), answer.RelatesTo);
            return new StubReply(SoapFaultMessages.HttpStatusCode, codec.Write(tooLarge.Message!), codec.ContentType);
        }
    }

    /// <summary>
    /// This endpoint's own address, as WCF's listen URI: the configured host, the port the connection arrived on
    /// (the bound one, also when port 0 was asked for) and the endpoint's path.
    /// </summary>
    private Uri EndpointAddress(HttpContext context, StubSoapEndpoint endpoint) =>
        new UriBuilder(Uri.UriSchemeHttp, _options.Host, context.Connection.LocalPort, endpoint.Path).Uri;

    // WCF serves its metadata at ?wsdl and ?singleWsdl; the stub's WSDL is always a single document.
    private static bool IsWsdlQuery(IQueryCollection query) =>
        query.ContainsKey("wsdl") || query.ContainsKey("singleWsdl");
}
