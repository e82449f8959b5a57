using System.Buffers;
using System.Net;
using System.Net.Sockets;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Metadata;

/// <summary>
/// The one place metadata documents (?wsdl, ?xsd=..., ?wsdl=...) are fetched from services, for the ?wsdl proxy and for
/// learning one-way operations: from the destination's own address through its connection pool (its TLS settings
/// apply), or from its <c>metadataAddress</c> with a client of its own; bounded in size and time, never following
/// redirects. Expected failures are values, never exceptions.
/// </summary>
/// <param name="clients">The destinations' connection pools.</param>
internal sealed class MetadataFetcher(HttpDestinationClients clients) : IDisposable
{
    private readonly HttpClient _http = new(new SocketsHttpHandler
    {
        UseProxy = false,
        AllowAutoRedirect = false,
        PooledConnectionLifetime = TimeSpan.FromMinutes(1),
    })
    {
        Timeout = Timeout.InfiniteTimeSpan,
    };

    /// <summary>
    /// The document at <paramref name="destination"/>'s metadata address with <paramref name="query"/> (such as ?wsdl),
    /// at most <paramref name="maxSize"/> bytes, within <paramref name="timeout"/>. Cancelling
    /// <paramref name="cancellationToken"/> throws; every other failure is a <see cref="MetadataFetch"/> with its problem.
    /// </summary>
    public async Task<MetadataFetch> FetchAsync(
        DestinationState destination, TimeSpan connectTimeout, string query, int maxSize, TimeSpan timeout, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(destination);
        if (destination.MetadataAddress is not { } address)
        {
            return MetadataFetch.Failed("no metadata address (a net.tcp destination needs metadataAddress)");
        }

        var uri = new UriBuilder(address) { Query = query }.Uri;
        HttpMessageInvoker invoker = _http;
        if (destination.MetadataAtAddress)
        {
            var client = clients.Get(destination, connectTimeout);
            invoker = client.Invoker;
            uri = new UriBuilder(client.Address) { Query = query }.Uri;
        }

        using var request = new HttpRequestMessage(HttpMethod.Get, uri)
        {
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        try
        {
            using var response = await invoker.SendAsync(request, deadline.Token).ConfigureAwait(false);
            if (response.StatusCode != HttpStatusCode.OK)
            {
                return MetadataFetch.Failed($"HTTP {(int)response.StatusCode}");
            }

            var stream = await response.Content.ReadAsStreamAsync(deadline.Token).ConfigureAwait(false);
            var body = await PooledBodyReader.ReadAsync(stream, response.Content.Headers.ContentLength, maxSize, SoapRouter.Wire.Encoding.MessageBufferPool.Instance, deadline.Token)
                .ConfigureAwait(false);
            if (body.TooLarge)
            {
                return MetadataFetch.Failed($"over {maxSize} bytes");
            }

            if (body.Length == 0)
            {
                return MetadataFetch.Failed("an empty document");
            }

            try
            {
                return MetadataFetch.Of(body.Buffer.AsSpan(0, body.Length).ToArray());
            }
            finally
            {
                SoapRouter.Wire.Encoding.MessageBufferPool.Instance.Return(body.Buffer);
            }
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return MetadataFetch.Failed($"no answer within {timeout.TotalSeconds:0.#} s");
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex))
        {
            return MetadataFetch.Failed(ex is HttpRequestException { InnerException: SocketException socket } ? socket.SocketErrorCode.ToString() : ex.GetType().Name);
        }
    }

    /// <inheritdoc />
    public void Dispose() => _http.Dispose();
}
