using System.Text;
using SoapRouter.Listening;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Metadata;

/// <summary>
/// Answers GET ?wsdl (and ?singleWsdl, ?wsdl=..., ?xsd=...) on a listener the way the service behind it would, so
/// dotnet-svcutil, zeep or node-soap pointed at the router generate a client for the router: the route that matches the
/// listener's address picks the cluster, a destination with metadata (of the listener's own binding if the cluster has
/// one) serves it, and its addresses are rewritten to the listener's. When that destination speaks another binding
/// (or its metadata comes from a metadataAddress, which may describe other endpoints too), the WSDL's SOAP bindings are
/// rewritten to describe the listener's (<see cref="WsdlBindingTranslator"/>).
/// </summary>
internal sealed class WsdlProxy(PipelineStateCache states, MetadataFetcher fetcher, ILogger<WsdlProxy> logger)
{
    private static readonly byte[] NoMetadata = Encoding.ASCII.GetBytes("No route on this listener leads to a service that publishes metadata.\n");
    private static readonly byte[] Unavailable = Encoding.ASCII.GetBytes("The service's metadata could not be fetched.\n");

    /// <summary>Answers a metadata GET addressed to <paramref name="listener"/>.</summary>
    public async Task HandleAsync(HttpContext context, SoapListener listener)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(listener);
        var query = context.Request.QueryString.Value ?? string.Empty;
        var state = states.Current;
        var route = state.State.Routes.Match(new MetadataRequest(listener.Path));
        if (route is null || state.Target(route.Cluster)?.Cluster is not { } cluster || Choose(cluster, listener) is not { } destination)
        {
            MetadataLog.Failed(logger, listener.Name, query, "no route matches the listener's address alone, or its cluster has no destination with metadata");
            await WriteTextAsync(context, StatusCodes.Status404NotFound, NoMetadata).ConfigureAwait(false);
            return;
        }

        var fetch = await fetcher.FetchAsync(destination, cluster.ConnectTimeout, query, state.MaxMessageSize, cluster.RequestTimeout, context.RequestAborted)
            .ConfigureAwait(false);
        if (fetch.Document is not { } document)
        {
            MetadataLog.Failed(logger, listener.Name, query, $"destination {destination.Name}: {fetch.Problem}");
            await WriteTextAsync(context, StatusCodes.Status502BadGateway, Unavailable).ConfigureAwait(false);
            return;
        }

        byte[] rewritten;
        var address = ListenerAddress(context, listener);
        var translate = ReferenceEquals(destination.Binding, listener.Binding) && destination.MetadataAtAddress
            ? null
            : new WsdlTarget(listener.Binding, address.Scheme == Uri.UriSchemeHttps, listener.RequiresClientCertificate);
        try
        {
            rewritten = WsdlRewriter.Rewrite(document, address, translate);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            MetadataLog.Failed(logger, listener.Name, query, $"destination {destination.Name} did not answer with an XML document");
            await WriteTextAsync(context, StatusCodes.Status502BadGateway, Unavailable).ConfigureAwait(false);
            return;
        }

        MetadataLog.Served(logger, listener.Name, query, destination.Name, destination.Binding.Name);
        var response = context.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = "text/xml; charset=utf-8";
        response.ContentLength = rewritten.Length;
        await response.Body.WriteAsync(rewritten, context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>
    /// A destination with metadata that speaks the listener's binding, so the WSDL describes what the client will send;
    /// else the first with metadata (primaries before backups).
    /// </summary>
    private static DestinationState? Choose(ClusterState cluster, SoapListener listener)
    {
        DestinationState? first = null;
        foreach (var destination in cluster.Primaries)
        {
            if (Consider(destination, listener, ref first))
            {
                return destination;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (Consider(destination, listener, ref first))
            {
                return destination;
            }
        }

        return first;
    }

    private static bool Consider(DestinationState destination, SoapListener listener, ref DestinationState? first)
    {
        if (destination.MetadataAddress is null)
        {
            return false;
        }

        first ??= destination;
        return ReferenceEquals(destination.Binding, listener.Binding);
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
