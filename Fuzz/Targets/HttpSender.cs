using System.Net;
using System.Net.Http.Headers;
using System.Text;
using SoapRouter.Fuzz.Generation;

namespace SoapRouter.Fuzz.Targets;

/// <summary>
/// Posts HTTP inputs to a listener and classifies the answer: 2xx a reply, 500 with a SOAP envelope a fault, 4xx and
/// 503 refusals; anything else, or any answer carrying a stack trace, an exception's name or a file path, the wrong kind.
/// </summary>
internal sealed class HttpSender : IDisposable
{
    private static readonly string[] Leaks = ["Exception", "   at ", ".cs:line", "/work/", "/app/", "StackTrace"];
    private const int ExpectContinueAbove = 1024 * 1024;
    private const int KestrelHeaderLimit = 32 * 1024;
    private const int KestrelHeaderCount = 100;
    private readonly HttpClient _client;
    private readonly TimeSpan _hang;

    /// <summary>A sender with up to <paramref name="connections"/> connections, calling an answer later than <paramref name="hang"/> a hang.</summary>
    public HttpSender(int connections, TimeSpan hang)
    {
        _hang = hang;
        _client = new HttpClient(new SocketsHttpHandler
        {
            MaxConnectionsPerServer = connections,
            UseProxy = false,
            AutomaticDecompression = DecompressionMethods.None,
            MaxResponseHeadersLength = 64,
            Expect100ContinueTimeout = TimeSpan.FromSeconds(4),

            // Header values go out as UTF-8 octets (a hostile client's non-ASCII), not refused by the client itself.
            RequestHeaderEncodingSelector = static (_, _) => Encoding.UTF8,
        })
        {
            Timeout = Timeout.InfiniteTimeSpan,
        };
    }

    /// <summary>Sends <paramref name="input"/> to <paramref name="address"/>.</summary>
    public async Task<Answer> SendAsync(Uri address, FuzzInput input)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, address) { Content = new ByteArrayContent(input.Body) };
        if (!string.IsNullOrEmpty(input.ContentType))
        {
            request.Content.Headers.TryAddWithoutValidation("Content-Type", input.ContentType);
        }

        foreach (var (name, value) in input.Headers)
        {
            if (!request.Headers.TryAddWithoutValidation(name, value))
            {
                request.Content.Headers.TryAddWithoutValidation(name, value);
            }
        }

        var headerBytes = input.Headers.Sum(h => h.Key.Length + h.Value.Length + 4) + (input.ContentType?.Length ?? 0);
        if (input.Body.Length > ExpectContinueAbove || headerBytes > ExpectContinueAbove / 64 || input.Headers.Count > KestrelHeaderCount)
        {
            // As a careful client does with a large body or large headers: the router may refuse the request from its
            // headers (413, or Kestrel's 431) and close the connection unread, which without 100-continue the client
            // sees as a broken pipe while it is still sending the body (checked by hand: the 431 is there).
            request.Headers.ExpectContinue = true;
        }

        using var timeout = new CancellationTokenSource(_hang);
        try
        {
            using var response = await _client.SendAsync(request, HttpCompletionOption.ResponseContentRead, timeout.Token).ConfigureAwait(false);
            var body = await response.Content.ReadAsByteArrayAsync(timeout.Token).ConfigureAwait(false);
            return Classify((int)response.StatusCode, response.Content.Headers.ContentType, body);
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested)
        {
            return new Answer(AnswerKind.Hang, $"no answer in {_hang.TotalSeconds:0} s");
        }
        catch (HttpRequestException ex) when (headerBytes > KestrelHeaderLimit || input.Headers.Count > KestrelHeaderCount)
        {
            // Headers past Kestrel's limits (32 KB, 100 headers): it answers 431 and closes while the client is still writing them, so the
            // client sees a broken pipe instead (checked on a raw socket: the 431 is sent). A refusal, not a drop.
            return new Answer(AnswerKind.Refusal, $"431 ({input.Headers.Count} headers, {headerBytes} B; closed while sending: {ex.HttpRequestError})");
        }
        catch (HttpRequestException ex)
        {
            return new Answer(AnswerKind.Dropped, $"{ex.HttpRequestError}: {ex.InnerException?.Message ?? ex.Message}");
        }
    }

    /// <summary>The class of an answer with <paramref name="status"/>, <paramref name="contentType"/> and <paramref name="body"/>.</summary>
    public static Answer Classify(int status, MediaTypeHeaderValue? contentType, byte[] body)
    {
        var text = Encoding.UTF8.GetString(body.AsSpan(0, Math.Min(body.Length, 64 * 1024)));
        foreach (var leak in Leaks)
        {
            if (text.Contains(leak, StringComparison.Ordinal))
            {
                return new Answer(AnswerKind.WrongKind, $"HTTP {status} carrying '{leak.Trim()}'");
            }
        }

        var soap = contentType?.MediaType is { } media && (media.Contains("soap", StringComparison.OrdinalIgnoreCase) || media == "text/xml");
        return status switch
        {
            >= 200 and < 300 => new Answer(AnswerKind.Reply, $"HTTP {status}"),
            500 when soap && (text.Contains("Fault", StringComparison.Ordinal) || body.Length > 0 && contentType!.MediaType!.Contains("msbin", StringComparison.Ordinal)) => new Answer(AnswerKind.Fault, "HTTP 500"),
            >= 400 and < 500 or 503 => new Answer(AnswerKind.Refusal, $"HTTP {status}"),
            _ => new Answer(AnswerKind.WrongKind, $"HTTP {status} {contentType?.MediaType ?? "(no content type)"}"),
        };
    }

    /// <inheritdoc />
    public void Dispose() => _client.Dispose();
}
