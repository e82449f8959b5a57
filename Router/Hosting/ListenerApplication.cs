using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Abstractions;
using Microsoft.AspNetCore.Http.Features;

namespace SoapRouter.Hosting;

/// <summary>
/// The application Kestrel runs when <see cref="KestrelApplication.Enabled"/>: a request on a listener's port goes
/// straight to the router's dispatch over a <see cref="DefaultHttpContext"/> kept per connection (as ASP.NET Core's
/// hosting keeps its own), without hosting's per-request diagnostics and middleware chain; a request on the admin
/// address goes to ASP.NET Core's <paramref name="pipeline"/> (its middlewares, /metrics) as before.
/// </summary>
/// <param name="pipeline">ASP.NET Core's hosting application, with the admin middlewares.</param>
/// <param name="isAdmin">Whether a request on this connection (local address and port) is for the admin endpoint.</param>
/// <param name="listeners">Serves a request on a listener's port (the router's dispatch).</param>
/// <param name="scopes">What <see cref="HttpContext.RequestServices"/> comes from, as hosting sets it.</param>
internal sealed class ListenerApplication<TInner>(
    IHttpApplication<TInner> pipeline, Func<IHttpConnectionFeature, bool> isAdmin, RequestDelegate listeners, IServiceScopeFactory scopes)
    : IHttpApplication<ListenerRequest<TInner>>
    where TInner : notnull
{
    private readonly IHttpApplication<TInner> _pipeline = pipeline;
    private readonly Func<IHttpConnectionFeature, bool> _isAdmin = isAdmin;
    private readonly RequestDelegate _listeners = listeners;
    private readonly IServiceScopeFactory _scopes = scopes;

    /// <inheritdoc />
    public ListenerRequest<TInner> CreateContext(IFeatureCollection contextFeatures)
    {
        if (contextFeatures.Get<IHttpConnectionFeature>() is { } connection && _isAdmin(connection))
        {
            return new ListenerRequest<TInner>(_pipeline.CreateContext(contextFeatures));
        }

        // Kestrel keeps one of these per HTTP/1.1 connection (per pooled stream on HTTP/2): its HttpContext is reused.
        var container = contextFeatures as IHostContextContainer<ListenerRequest<TInner>>;
        if (container?.HostContext is { } reused)
        {
            reused.Http.Initialize(contextFeatures);
            return reused;
        }

        var request = new ListenerRequest<TInner>(new DefaultHttpContext(contextFeatures) { ServiceScopeFactory = _scopes });
        if (container is not null)
        {
            container.HostContext = request;
        }

        return request;
    }

    /// <inheritdoc />
    public Task ProcessRequestAsync(ListenerRequest<TInner> context) =>
        context.IsAdmin ? _pipeline.ProcessRequestAsync(context.Admin) : _listeners(context.Http);

    /// <inheritdoc />
    public void DisposeContext(ListenerRequest<TInner> context, Exception? exception)
    {
        if (context.IsAdmin)
        {
            _pipeline.DisposeContext(context.Admin, exception);
            return;
        }

        // Kestrel has logged an exception the dispatch let out (as it does under hosting); the features go back to it.
        context.Http.Uninitialize();
    }
}
