using System.Globalization;
using System.ServiceModel.Channels;
using BackendStub.Hosting;
using Microsoft.AspNetCore.Http.Features;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;
using SoapRouter.Wire.Framing;

namespace BackendStub.Service;

/// <summary>
/// The HTTP side of the streamed endpoints (<see cref="StubSoapEndpoints.Streamed"/>), as WCF's HTTP transport with
/// TransferMode.Streamed: the request is read by the endpoint's encoder straight from the request body (headers now, the
/// body as the operation reads it), the reply written straight to the response (chunked). WCF's encoders read and write
/// streams synchronously, so each exchange runs on a thread of its own. <c>?abortAfter=N</c> on the request URI resets the
/// connection once N bytes of the request were read, or N bytes of the reply written (a backend dying mid-transfer, for
/// the router's tests).
/// </summary>
internal sealed class StubStreamedHandler
{
    /// <summary>The largest header section read (WCF's MaxBufferSize in streamed mode).</summary>
    public const int MaxHeadersSize = 64 * 1024;

    private readonly StubStatistics _statistics;
    private readonly StubDispatcher _dispatcher;
    private readonly StubStreamedService _service;
    private readonly string _host;
    private readonly AddressFilterMode _addressFilter;
    private readonly Dictionary<StubSoapEndpoint, MessageCodec> _codecs = [];

    public StubStreamedHandler(StubOptions options, StubStatistics statistics, StubDispatcher dispatcher)
    {
        _statistics = statistics;
        _dispatcher = dispatcher;
        _service = new StubStreamedService(dispatcher);
        _host = options.Host;
        _addressFilter = options.AddressFilter;

        // Quotas as a streamed WCF service sets them for large parts; the message size is never checked on a stream.
        var limits = WireLimits.ForSize(int.MaxValue - 1);
        foreach (var endpoint in StubSoapEndpoints.Streamed.Append(StubSoapEndpoints.NetTcpStreamed))
        {
            _codecs[endpoint] = endpoint.Binding.CreateCodec(limits);
        }
    }

    /// <summary>
    /// Handles the singleton-unsized message of <paramref name="exchange"/> (a NetTcpBinding client with TransferMode.Streamed)
    /// as the streamed msbin1 endpoint handles a POST: read as it arrives, its To checked against <paramref name="address"/>,
    /// the reply written as chunks of one envelope (End alone for a one-way message). A failure cuts the connection.
    /// </summary>
    public Task HandleNetTcpAsync(NetTcpStreamedExchange exchange, Uri address) =>
        Task.Factory.StartNew(() => Exchange(exchange, address), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    private void Exchange(NetTcpStreamedExchange exchange, Uri address)
    {
        var endpoint = StubSoapEndpoints.NetTcpStreamed;
        var codec = _codecs[endpoint];
        var binding = endpoint.Binding;
        _statistics.StreamedRequestStarted(endpoint);
        if (Answer(codec, binding, exchange.Request, codec.ContentType, transportAction: null, address, exchange.Aborted) is not { } read)
        {
            exchange.Abort();
            return;
        }

        var (answer, message) = read;
        using (answer)
        {
            try
            {
                // The request is read to its end (its End record) before the reply, so the connection could carry another.
                message?.Close();
                exchange.Request.CopyTo(Stream.Null);
                if (answer.Message is not { } reply)
                {
                    exchange.Reply.CompleteEmptyAsync(exchange.Aborted).AsTask().GetAwaiter().GetResult();
                    return;
                }

                using var chunks = new BufferedStream(exchange.Reply, 64 * 1024);
                codec.Encoder.WriteMessage(reply, chunks);
                chunks.Flush();
                exchange.Reply.CompleteAsync(exchange.Aborted).AsTask().GetAwaiter().GetResult();
            }
            catch (Exception ex) when (ex is IOException or OperationCanceledException or InvalidDataException || exchange.Aborted.IsCancellationRequested)
            {
                exchange.Abort();
            }
        }
    }

    /// <summary>Handles a request to <paramref name="endpoint"/>, one of the streamed ones.</summary>
    public Task HandleAsync(HttpContext context, StubSoapEndpoint endpoint)
    {
        var request = context.Request;
        if (!HttpMethods.IsPost(request.Method))
        {
            context.Response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            context.Response.Headers.Allow = HttpMethods.Post;
            return Task.CompletedTask;
        }

        if (!endpoint.Binding.Accepts(request.ContentType))
        {
            context.Response.StatusCode = StatusCodes.Status415UnsupportedMediaType;
            return Task.CompletedTask;
        }

        context.Features.Get<IHttpBodyControlFeature>()!.AllowSynchronousIO = true;
        return Task.Factory.StartNew(() => Exchange(context, endpoint), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }

    private void Exchange(HttpContext context, StubSoapEndpoint endpoint)
    {
        var codec = _codecs[endpoint];
        var binding = endpoint.Binding;
        var request = context.Request;
        _statistics.StreamedRequestStarted(endpoint);
        var body = AbortAfter(request) is { } limit ? new AbortingStream(request.Body, limit, context.Abort) : request.Body;
        var transportAction = binding.TransportAction(request.ContentType, request.Headers["SOAPAction"].ToString());
        var address = new UriBuilder(request.IsHttps ? Uri.UriSchemeHttps : Uri.UriSchemeHttp, _host, context.Connection.LocalPort, endpoint.Path).Uri;
        if (Answer(codec, binding, body, request.ContentType, transportAction, address, context.RequestAborted) is not { } read)
        {
            // The client (or the abort above) ended the connection: nobody to answer.
            context.Abort();
            return;
        }

        var (answer, message) = read;
        using (answer)
        {
            try
            {
                // The request is read to its end before the reply, as WCF's HTTP transport does.
                message?.Close();
                var response = context.Response;
                response.StatusCode = answer.Message is null ? StatusCodes.Status202Accepted
                    : answer.IsFault ? SoapFaultMessages.HttpStatusCode : StatusCodes.Status200OK;
                if (answer.Message is { } reply)
                {
                    response.ContentType = codec.ContentType;
                    var sink = AbortAfter(request) is { } replyLimit ? new AbortingStream(response.Body, replyLimit, context.Abort) : response.Body;
                    codec.Encoder.WriteMessage(reply, sink);
                }
            }
            catch (Exception ex) when (ex is IOException or OperationCanceledException || context.RequestAborted.IsCancellationRequested)
            {
                context.Abort();
            }
        }
    }

    /// <summary>
    /// Reads the request from <paramref name="body"/> (its headers; the body as the operation reads it) and answers it: the
    /// operation's answer, DestinationUnreachable for another To, a fault for a malformed message. Null when the connection
    /// ended under the read (<paramref name="aborted"/>, or the stream failed): nobody to answer.
    /// </summary>
    private (StubAnswer Answer, Message? Message)? Answer(
        MessageCodec codec, WireBinding binding, Stream body, string? contentType, string? transportAction, Uri address, CancellationToken aborted)
    {
        Message? message = null;
        try
        {
            message = codec.Encoder.ReadMessage(body, MaxHeadersSize, contentType);
            var headers = RequestHeaders.Read(message, binding, transportAction);
            _statistics.ActionSeen(headers.Action ?? string.Empty);
            var answer = binding.UsesAddressing && !AddressFilter.Matches(headers.To, address, _addressFilter)
                ? _dispatcher.Fault(binding, WcfFaults.DestinationUnreachable(headers.To?.OriginalString), headers.MessageIdText)
                : _service.Answer(binding, message, headers);
            return (answer, message);
        }
        catch (Exception ex) when (BadInput.Is(ex) && !aborted.IsCancellationRequested)
        {
            return (_dispatcher.Fault(binding, WcfFaults.MalformedMessage(BadInput.DescribeMessage(ex, binding.IsSoap12 ? "1.2" : "1.1")), relatesTo: null), message);
        }
        catch (Exception ex) when (ex is IOException or OperationCanceledException || aborted.IsCancellationRequested)
        {
            message?.Close();
            return null;
        }
    }

    private static long? AbortAfter(HttpRequest request) =>
        long.TryParse(request.Query["abortAfter"], NumberStyles.None, CultureInfo.InvariantCulture, out var bytes) ? bytes : null;
}
