using System.Globalization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using BackendStub.Compression;
using BackendStub.Hosting;
using BackendStub.Wsdl;
using Microsoft.Extensions.Primitives;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace BackendStub.Service;

/// <summary>
/// The HTTP side of the SOAP endpoints: GET ?wsdl serves the endpoint's WSDL; otherwise method, content type and size
/// checks (plain HTTP refusals, as WCF's HTTP transport gives them), then the message read with the endpoint's WCF
/// encoder, answered by <see cref="StubDispatcher"/>, and the answer written back with the same encoder. Compressed
/// requests (WCF's <c>+gzip</c>/<c>+deflate</c> content types, or Content-Encoding) are decoded under the cap first;
/// replies are compressed through the endpoint's <see cref="CompressionLink"/> when the request's Accept-Encoding allows.
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

    /// <summary>Request bodies from this size up teach the link's bandwidth estimate (the policy's own floor).</summary>
    public const int BandwidthSampleSize = 16 * 1024;

    private readonly StubOptions _options;
    private readonly StubStatistics _statistics;
    private readonly StubDispatcher _dispatcher;
    private readonly StubCompression _compression;
    private readonly TimeProvider _time;
    private readonly Dictionary<StubSoapEndpoint, MessageCodec> _codecs = [];

    public StubRequestHandler(StubOptions options, StubStatistics statistics, StubDispatcher dispatcher, StubCompression compression, TimeProvider time)
    {
        _options = options;
        _statistics = statistics;
        _dispatcher = dispatcher;
        _compression = compression;
        _time = time;

        // Reader quotas only need to let a request of MaxMessageSize through (its size is checked before reading), or
        // a compressed one of MaxDecompressedSize once decoded.
        var largestRequest = Math.Max(_options.MaxMessageSize, _options.MaxDecompressedSize);
        var limits = new WireLimits
        {
            MaxMessageSize = Math.Max(largestRequest, MaxReplySize),
            MaxStringContentLength = Math.Max(largestRequest, 8192),
            MaxArrayLength = Math.Max(largestRequest, 8192),
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
            await WriteWsdlAsync(context, endpoint.Binding, EndpointAddress(context, endpoint));
            return;
        }

        if (!HttpMethods.IsPost(request.Method))
        {
            response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            response.Headers.Allow = HttpMethods.Post;
            return;
        }

        // The endpoint checks the plain media type: application/soap+msbin1+gzip is msbin1 in gzip.
        var encoding = HttpBodyEncoding.Parse(request.ContentType, request.Headers.ContentEncoding.ToString(), StubCompression.Registry);
        if (encoding is null || !endpoint.Binding.Accepts(encoding.PlainContentType))
        {
            response.StatusCode = StatusCodes.Status415UnsupportedMediaType;
            return;
        }

        if (request.ContentLength > _options.MaxMessageSize)
        {
            response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return;
        }

        using var activity = StubTracing.Start(endpoint.Binding.Name, Header(request, "traceparent"), Header(request, "tracestate"));
        var link = _compression.For(endpoint);
        var started = _time.GetTimestamp();
        using var body = await RequestBody.ReadAsync(request.Body, request.ContentLength, _options.MaxMessageSize, context.RequestAborted);
        if (body is null)
        {
            response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return;
        }

        // A large body's arrival time is the one bandwidth sample a server has of its client's link (a reply "sends"
        // as soon as it is in the socket buffer); with --bandwidth the policy ignores it.
        if (body.Length >= BandwidthSampleSize)
        {
            link.RecordSend(body.Length, _time.GetElapsedTime(started));
        }

        _statistics.BodyReceived(endpoint, body.Span, request.ContentType);
        var transportAction = endpoint.Binding.TransportAction(encoding.PlainContentType, request.Headers["SOAPAction"].ToString());
        var address = EndpointAddress(context, endpoint);
        using var reply = encoding.IsCompressed
            ? await DispatchCompressedAsync(endpoint, link, encoding, body, request.Headers[CompressionHeaders.OriginalLength], transportAction, address, context.RequestAborted)
            : await DispatchAsync(endpoint, new ArraySegment<byte>(body.Buffer, 0, body.Length), encoding.PlainContentType, transportAction, address, context.RequestAborted);
        if (activity is not null)
        {
            activity.SetTag("rpc.method", transportAction);
            activity.SetTag("http.response.status_code", reply.StatusCode);
        }

        await WriteReplyAsync(context, link, encoding, reply);
    }

    private static string? Header(HttpRequest request, string name) =>
        request.Headers.TryGetValue(name, out var values) && values.Count > 0 ? values.ToString() : null;

    /// <summary>
    /// Decodes a compressed request under the cap and answers it; a body that expands past the cap gets 413 and one
    /// that does not decode 400, each with a Sender fault (the connection stays up: the body was read to its end).
    /// </summary>
    private async ValueTask<StubReply> DispatchCompressedAsync(
        StubSoapEndpoint endpoint,
        CompressionLink link,
        HttpBodyEncoding encoding,
        RequestBody body,
        StringValues originalLengthHeader,
        string? transportAction,
        Uri address,
        CancellationToken cancellationToken)
    {
        _statistics.CompressedRequestReceived(encoding.Codec);
        var codec = _codecs[endpoint];
        using var plain = new PooledBufferWriter();
        var decoded = CompressedBodyDecoder.Decode(
            link, encoding.Codec, body.Buffer.AsMemory(0, body.Length), originalLengthHeader.ToString(), _compression.MaxDecompressedSize, plain);
        if (!decoded.IsDecoded)
        {
            var bomb = decoded.Status == BodyDecodeStatus.Bomb;
            if (bomb)
            {
                _statistics.BombRefused();
            }
            else
            {
                _statistics.CorruptRefused();
            }

            return Refuse(codec, bomb ? StatusCodes.Status413PayloadTooLarge : StatusCodes.Status400BadRequest, WcfFaults.UndecodableRequest(decoded.Problem!));
        }

        // The message is closed inside DispatchAsync, before the decoded buffer goes back to the pool.
        return await DispatchAsync(
            endpoint, new ArraySegment<byte>(plain.Array, 0, plain.WrittenCount), encoding.PlainContentType, transportAction, address, cancellationToken);
    }

    /// <summary>
    /// Writes <paramref name="reply"/>, compressed when the link's policy says so and the request's Accept-Encoding
    /// allows the codec: in WCF's form (the <c>+gzip</c> content type) for a request that came in it, else with
    /// Content-Encoding and X-Soap-Original-Length.
    /// </summary>
    private static async Task WriteReplyAsync(HttpContext context, CompressionLink link, HttpBodyEncoding encoding, StubReply reply)
    {
        var response = context.Response;
        response.StatusCode = reply.StatusCode;
        if (reply.Body is not { } bytes)
        {
            response.ContentLength = 0;
            return;
        }

        var acceptEncoding = context.Request.Headers.AcceptEncoding;
        var peer = CompressionHeaders.ParseAcceptEncoding(acceptEncoding.Count == 0 ? null : acceptEncoding.ToString(), link.Registry);
        if (encoding.IsWcfForm)
        {
            // A WCF client answers its +gzip request's reply in the same codec; the content type says which.
            peer = peer.Intersect(CodecSet.IdentityOnly.With(encoding.Codec.Id));
        }

        using var compressed = new PooledBufferWriter();
        if (reply.ContentType is { } contentType && link.TryCompress(bytes.Memory.Span, reply.Action, peer, compressed, out var outcome))
        {
            if (encoding.IsWcfForm)
            {
                response.ContentType = HttpBodyEncoding.WcfContentType(contentType, outcome.Codec!);
            }
            else
            {
                response.ContentType = contentType;
                response.Headers.ContentEncoding = outcome.Codec!.HttpToken;
                response.Headers[CompressionHeaders.OriginalLength] = outcome.OriginalLength.ToString(CultureInfo.InvariantCulture);
            }

            response.ContentLength = compressed.WrittenCount;
            await response.Body.WriteAsync(compressed.WrittenMemory, context.RequestAborted);
            return;
        }

        response.ContentLength = bytes.Count;
        if (reply.ContentType is not null)
        {
            response.ContentType = reply.ContentType;
        }

        await response.Body.WriteAsync(bytes.Memory, context.RequestAborted);
    }

    /// <summary>A compressed request refused with <paramref name="statusCode"/> and <paramref name="fault"/>.</summary>
    private StubReply Refuse(MessageCodec codec, int statusCode, SoapFaultSpec fault)
    {
        using var answer = _dispatcher.Fault(codec.Binding, fault, relatesTo: null);
        return new StubReply(statusCode, codec.Write(answer.Message!), codec.ContentType);
    }

    /// <summary>
    /// Reads the message in <paramref name="body"/> with the endpoint's encoder, answers it, and encodes the answer:
    /// 200 with the reply, 500 with a fault (also for a message that cannot be read), 202 for an accepted one-way
    /// message. The reply must be disposed; <paramref name="body"/> may be released as soon as this returns.
    /// </summary>
    private async ValueTask<StubReply> DispatchAsync(
        StubSoapEndpoint endpoint,
        ArraySegment<byte> body,
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
            request = codec.Read(body, contentType);
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
            return new StubReply(
                answer.IsFault ? SoapFaultMessages.HttpStatusCode : StatusCodes.Status200OK, codec.Write(message), codec.ContentType, message.Headers.Action);
        }
        catch (QuotaExceededException)
        {
            using var tooLarge = _dispatcher.Fault(codec.Binding, WcfFaults.ReplyTooLarge(), answer.RelatesTo);
            return new StubReply(SoapFaultMessages.HttpStatusCode, codec.Write(tooLarge.Message!), codec.ContentType);
        }
    }

    /// <summary>
    /// This endpoint's own address, as WCF's listen URI: http or https as the request came, the configured host, the
    /// port the connection arrived on (the bound one, also when port 0 was asked for) and the endpoint's path.
    /// </summary>
    private Uri EndpointAddress(HttpContext context, StubSoapEndpoint endpoint) =>
        new UriBuilder(context.Request.IsHttps ? Uri.UriSchemeHttps : Uri.UriSchemeHttp, _options.Host, context.Connection.LocalPort, endpoint.Path).Uri;

    /// <summary>Answers a GET with the WSDL of the endpoint speaking <paramref name="binding"/> at <paramref name="address"/>.</summary>
    public static Task WriteWsdlAsync(HttpContext context, WireBinding binding, Uri address)
    {
        var wsdl = StubWsdlWriter.Write(binding, address);
        var response = context.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = WsdlContentType;
        response.ContentLength = wsdl.Length;
        return response.Body.WriteAsync(wsdl, context.RequestAborted).AsTask();
    }

    /// <summary>True for WCF's metadata queries, ?wsdl and ?singleWsdl; the stub's WSDL is always a single document.</summary>
    public static bool IsWsdlQuery(IQueryCollection query) =>
        query.ContainsKey("wsdl") || query.ContainsKey("singleWsdl");
}
