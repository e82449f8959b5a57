using System.Diagnostics;
using System.Net;
using LoadClient.Compression;
using LoadClient.Envelopes;
using LoadClient.Tls;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Soap;

namespace LoadClient.Driving;

/// <summary>The raw mode's target: posts the template over one shared connection pool and classifies the reply by its status.</summary>
internal sealed class SoapRequestSender : ILoadTarget, IDisposable
{
    private readonly HttpClient _client;
    private readonly Uri _url;
    private readonly string? _host;

    private int _channels;

    /// <summary>
    /// Creates the sender and its pool of at most <paramref name="concurrency"/> connections to <paramref name="url"/>;
    /// an https URL's connections are checked, counted and authenticated by <paramref name="tls"/> (else the system's defaults).
    /// </summary>
    public SoapRequestSender(Uri url, RequestTemplateSet templates, int concurrency, TimeSpan timeout, ClientCompression? compression = null, TargetTls? tls = null)
    {
        ArgumentNullException.ThrowIfNull(url);
        ArgumentNullException.ThrowIfNull(templates);
        ArgumentOutOfRangeException.ThrowIfLessThan(concurrency, 1);
        _url = url;
        Compression = compression;
        Templates = compression is null ? templates : compression.Prepare(templates);
        Timeout = timeout;
        var handler = new SocketsHttpHandler
        {
            MaxConnectionsPerServer = concurrency,
            ConnectTimeout = timeout,
            PooledConnectionLifetime = System.Threading.Timeout.InfiniteTimeSpan,

            // Replies are counted as they arrive on the wire: nothing is decompressed, followed or proxied.
            AutomaticDecompression = DecompressionMethods.None,
            AllowAutoRedirect = false,
            UseCookies = false,
            UseProxy = false,
            ActivityHeadersPropagator = null,
        };

        if (tls is not null)
        {
            handler.SslOptions = tls.HttpOptions();
            _host = tls.HostHeader(url);
        }

        // The per-request timeout is applied by the sender so it also covers reading the reply body,
        // which HttpClient.Timeout does not once headers have arrived.
        _client = new HttpClient(handler, disposeHandler: true) { Timeout = System.Threading.Timeout.InfiniteTimeSpan };
    }

    /// <summary>The requests calls send: one template, or one per size of a distribution.</summary>
    public RequestTemplateSet Templates { get; }

    /// <summary>Limit on one request, up to the last byte of the reply.</summary>
    public TimeSpan Timeout { get; }

    /// <summary>--compression other than none: requests compressed and replies decoded; null sends the templates as they are.</summary>
    public ClientCompression? Compression { get; }

    /// <summary>
    /// Sends one request of <paramref name="template"/> and reads the reply to the end into <paramref name="scratch"/>
    /// (discarded). <paramref name="token"/> is cancelled on timeout or stop; <paramref name="stop"/> tells the two apart.
    /// <paramref name="cacheKey"/> goes in the template's cache key header, when it has one.
    /// </summary>
    public async Task<SendResult> SendAsync(SoapRequestTemplate template, byte[] scratch, CancellationToken token, CancellationToken stop, Guid? cacheKey = null)
    {
        ArgumentNullException.ThrowIfNull(template);
        var status = 0;
        long sent = 0;
        long received = 0;
        try
        {
            using var content = new TemplateContent(template, cacheKey);
            using var request = NewRequest(template, content);
            using var response = await _client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, token);
            status = (int)response.StatusCode;
            sent = content.Length;
            var body = await response.Content.ReadAsStreamAsync(token);
            await using (body)
            {
                int read;
                while ((read = await body.ReadAsync(scratch, token)) > 0)
                {
                    received += read;
                }
            }

            var contentType = response.Content.Headers.ContentType?.ToString();
            return new SendResult(Classify(status, contentType), status, sent, received, ContentType: contentType, RequestId: content.Id);
        }
        catch (OperationCanceledException)
        {
            return new SendResult(stop.IsCancellationRequested ? RequestOutcome.Canceled : RequestOutcome.Timeout, status, sent, received);
        }
        catch (HttpRequestException ex)
        {
            return new SendResult(RequestOutcome.TransportError, status, sent, received, $"{nameof(HttpRequestException)}({ex.HttpRequestError})");
        }
        catch (Exception ex) when (ex is IOException or System.Net.Sockets.SocketException)
        {
            // SocketException: HttpClient lets one through when the socket drops while it is being connected (reading
            // RemoteEndPoint of a socket the server already reset); a transport error like any other, not the run's end.
            return new SendResult(RequestOutcome.TransportError, status, sent, received, ex.GetType().Name);
        }
    }

    /// <summary>
    /// <see cref="SendAsync"/> with --compression: the request compressed (once per template, or now for adaptive) with
    /// the mode's Accept-Encoding, and the reply read into <paramref name="buffers"/> and decoded under the cap, so its
    /// outcome is judged on the plain reply.
    /// </summary>
    public async Task<SendResult> SendCompressedAsync(SoapRequestTemplate template, CompressionBuffers buffers, CancellationToken token, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(template);
        ArgumentNullException.ThrowIfNull(buffers);
        var compression = Compression ?? throw new InvalidOperationException("No compression configured.");
        var status = 0;
        long sent = 0;
        long received = 0;
        var counts = new CompressionCounts(template.IsCompressed, template.PlainLength ?? template.Body.Length, CodecId.None, 0);
        try
        {
            HttpContent content;
            long length;
            if (compression.CompressesPerRequest)
            {
                var compressed = compression.TryCompressRequest(template, buffers.Plain, buffers.Compressed, out var outcome);
                var body = compressed ? buffers.Compressed.WrittenMemory : buffers.Plain.WrittenMemory;
                content = new BufferContent(body, template.ContentType, compressed ? outcome.Codec : null, buffers.Plain.WrittenCount);
                counts = counts with { RequestCompressed = compressed, RequestPlainBytes = buffers.Plain.WrittenCount };
                length = body.Length;
            }
            else
            {
                content = new TemplateContent(template);
                length = template.Body.Length;
            }

            using (content)
            {
                using var request = NewRequest(template, content);
                request.Headers.TryAddWithoutValidation(CompressionHeaders.AcceptEncoding, compression.AcceptEncoding);
                using var response = await _client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, token);

                // The headers came with the reply's first bytes: from here to the body's end is its time on the link.
                var replyStarted = Stopwatch.GetTimestamp();
                status = (int)response.StatusCode;
                sent = length;
                var reply = buffers.Reply;
                reply.Reset();
                var stream = await response.Content.ReadAsStreamAsync(token);
                await using (stream)
                {
                    int read;
                    while ((read = await stream.ReadAsync(reply.GetMemory(16 * 1024), token)) > 0)
                    {
                        reply.Advance(read);
                    }
                }

                received = reply.WrittenCount;
                if (compression.LearnsBandwidth)
                {
                    compression.Link.RecordArrival(received, Stopwatch.GetElapsedTime(replyStarted));
                }

                var contentType = response.Content.Headers.ContentType?.ToString();
                var encoding = response.Content.Headers.ContentEncoding.Count == 0 ? null : string.Join(", ", response.Content.Headers.ContentEncoding);
                var originalLength = response.Headers.TryGetValues(CompressionHeaders.OriginalLength, out var values) ? string.Join(",", values) : null;
                var decoded = compression.DecodeReply(reply.WrittenMemory, contentType, encoding, originalLength, buffers.Decoded);
                counts = counts with { ReplyCodec = decoded.Codec, ReplyDecodedBytes = decoded.DecodedBytes };
                var outcomeKind = decoded.Failure ?? Classify(status, decoded.PlainContentType);
                return new SendResult(outcomeKind, status, sent, received, decoded.ErrorType, decoded.PlainContentType, Compression: counts);
            }
        }
        catch (OperationCanceledException)
        {
            return new SendResult(stop.IsCancellationRequested ? RequestOutcome.Canceled : RequestOutcome.Timeout, status, sent, received, Compression: counts);
        }
        catch (HttpRequestException ex)
        {
            return new SendResult(RequestOutcome.TransportError, status, sent, received, $"{nameof(HttpRequestException)}({ex.HttpRequestError})", Compression: counts);
        }
        catch (Exception ex) when (ex is IOException or System.Net.Sockets.SocketException)
        {
            return new SendResult(RequestOutcome.TransportError, status, sent, received, ex.GetType().Name, Compression: counts);
        }
    }

    /// <summary>A POST of <paramref name="content"/> over HTTP/1.1 with the template's SOAPAction, --server-name as its Host when given, and, inside a request span, its traceparent.</summary>
    private HttpRequestMessage NewRequest(SoapRequestTemplate template, HttpContent content)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, _url)
        {
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };
        if (_host is not null)
        {
            request.Headers.Host = _host;
        }

        if (template.SoapActionHeader is { } soapAction)
        {
            request.Headers.TryAddWithoutValidation("SOAPAction", soapAction);
        }

        if (LoadTracing.CurrentTraceParent is { } traceParent)
        {
            request.Headers.TryAddWithoutValidation("traceparent", traceParent);
        }

        return request;
    }

    /// <summary>
    /// The reply's outcome as the router's reply classifier reads it (<see cref="HttpReplyClassifier"/>): ok for 2xx, a
    /// fault for a SOAP fault envelope, else an HTTP error.
    /// </summary>
    public static RequestOutcome Classify(int status, string? contentType) => HttpReplyClassifier.Classify(status, contentType) switch
    {
        HttpReplyKind.Reply => RequestOutcome.Ok,
        HttpReplyKind.Fault => RequestOutcome.Fault,
        _ => RequestOutcome.HttpError,
    };

    /// <inheritdoc />
    /// <remarks>Each channel draws its request sizes from its own seeded source (seeds 1, 2, ... in creation order).</remarks>
    public ILoadChannel CreateChannel(CancellationToken stop) => new RawHttpChannel(this, new Random(Interlocked.Increment(ref _channels)), stop);

    public void Dispose() => _client.Dispose();

    /// <inheritdoc />
    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }
}
