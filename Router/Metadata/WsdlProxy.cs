using System.Net;
using System.Text;
using System.Xml;
using SoapRouter.Forwarding.Http;
using SoapRouter.Listening;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;

namespace SoapRouter.Metadata;

/// <summary>
/// Answers GET ?wsdl (and ?singleWsdl, ?wsdl=..., ?xsd=...) on a listener the way the service behind it would, so
/// dotnet-svcutil, zeep or node-soap pointed at the router generate a client for the router: the route that matches the
/// listener's address picks the cluster, a destination of the listener's own binding (if the cluster has one) serves
/// the metadata, and its addresses are rewritten to the listener's.
/// </summary>
internal sealed class WsdlProxy
{
    private static readonly byte[] NoMetadata = Encoding.ASCII.GetBytes("No route on this listener leads to a service that publishes metadata.\n");
    private static readonly byte[] Unavailable = Encoding.ASCII.GetBytes("The service's metadata could not be fetched.\n");

    private readonly MessagePipeline _pipeline;
    private readonly HttpDestinationClients _clients;
    private readonly ILogger _logger;

    /// <summary>Creates the proxy.</summary>
    public WsdlProxy(MessagePipeline pipeline, HttpDestinationClients clients, ILogger<WsdlProxy> logger)
    {
        ArgumentNullException.ThrowIfNull(pipeline);
        ArgumentNullException.ThrowIfNull(clients);
        ArgumentNullException.ThrowIfNull(logger);
        _pipeline = pipeline;
        _clients = clients;
        _logger = logger;
    }

    /// <summary>Answers a metadata GET addressed to <paramref name="listener"/>.</summary>
    public async Task HandleAsync(HttpContext context, SoapListener listener)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(listener);
        var query = context.Request.QueryString.Value ?? string.Empty;
        var state = _pipeline.CurrentState;
        var route = state.State.Routes.Match(new MetadataRequest(listener.Path));
        if (route is null || state.Target(route.Cluster)?.Cluster is not { } cluster || Choose(cluster, listener) is not { } destination)
        {
            MetadataLog.Failed(_logger, listener.Name, query, "no route matches the listener's address alone");
            await WriteTextAsync(context, StatusCodes.Status404NotFound, NoMetadata).ConfigureAwait(false);
            return;
        }

        byte[] rewritten;
        try
        {
            var document = await FetchAsync(destination, cluster, query, state.MaxMessageSize, context.RequestAborted).ConfigureAwait(false);
            if (document is null)
            {
                MetadataLog.Failed(_logger, listener.Name, query, $"destination {destination.Name} did not answer with a document");
                await WriteTextAsync(context, StatusCodes.Status502BadGateway, Unavailable).ConfigureAwait(false);
                return;
            }

            rewritten = WsdlRewriter.Rewrite(document, ListenerAddress(context, listener));
        }
        catch (Exception ex) when (ex is HttpRequestException or XmlException or IOException or OperationCanceledException && !context.RequestAborted.IsCancellationRequested)
        {
            MetadataLog.Failed(_logger, listener.Name, query, $"destination {destination.Name}: {ex.GetType().Name}");
            await WriteTextAsync(context, StatusCodes.Status502BadGateway, Unavailable).ConfigureAwait(false);
            return;
        }

        MetadataLog.Served(_logger, listener.Name, query, destination.Name, destination.Binding.Name);
        var response = context.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = "text/xml; charset=utf-8";
        response.ContentLength = rewritten.Length;
        await response.Body.WriteAsync(rewritten, context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>A destination that speaks the listener's binding, so the WSDL describes what the client will send; else the first.</summary>
    private static DestinationState? Choose(ClusterState cluster, SoapListener listener)
    {
        foreach (var destination in cluster.Primaries)
        {
            if (ReferenceEquals(destination.Binding, listener.Binding))
            {
                return destination;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (ReferenceEquals(destination.Binding, listener.Binding))
            {
                return destination;
            }
        }

        return cluster.Primaries.Length > 0 ? cluster.Primaries[0] : cluster.Backups.Length > 0 ? cluster.Backups[0] : null;
    }

    private async Task<byte[]?> FetchAsync(DestinationState destination, ClusterState cluster, string query, int maxSize, CancellationToken cancellationToken)
    {
        var client = _clients.Get(destination, cluster.ConnectTimeout);
        using var request = new HttpRequestMessage(HttpMethod.Get, new UriBuilder(client.Address) { Query = query }.Uri)
        {
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(cluster.RequestTimeout);
        using var response = await client.Invoker.SendAsync(request, timeout.Token).ConfigureAwait(false);
        if (response.StatusCode != HttpStatusCode.OK)
        {
            return null;
        }

        var stream = await response.Content.ReadAsStreamAsync(timeout.Token).ConfigureAwait(false);
        var body = await PooledBodyReader.ReadAsync(stream, response.Content.Headers.ContentLength, maxSize, SoapRouter.Wire.Encoding.MessageBufferPool.Instance, timeout.Token)
            .ConfigureAwait(false);
        try
        {
            return body.TooLarge || body.Length == 0 ? null : body.Buffer.AsSpan(0, body.Length).ToArray();
        }
        finally
        {
            if (body.Length > 0)
            {
                SoapRouter.Wire.Encoding.MessageBufferPool.Instance.Return(body.Buffer);
            }
        }
    }

    /// <summary>
    /// The address the client used: the listener's path on the host the request named (a listener bound to 0.0.0.0 has
    /// no address a client could use otherwise), as WCF does for its own metadata.
    /// </summary>
    private static Uri ListenerAddress(HttpContext context, SoapListener listener)
    {
        var host = context.Request.Host;
        return host.HasValue
            ? new Uri($"{context.Request.Scheme}://{host.Value}{listener.Address.AbsolutePath}")
            : listener.Address;
    }

    private static Task WriteTextAsync(HttpContext context, int statusCode, byte[] body)
    {
        var response = context.Response;
        response.StatusCode = statusCode;
        response.ContentType = "text/plain; charset=utf-8";
        response.ContentLength = body.Length;
        return response.Body.WriteAsync(body, context.RequestAborted).AsTask();
    }
}
