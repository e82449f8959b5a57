using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Http.Features;

namespace SoapRouter.Hosting;

/// <summary>
/// Kestrel as the host registered it, started with a <see cref="ListenerApplication{TInner}"/> around the hosting
/// application it is given: the same server, endpoints, limits, TLS and drain; only who handles a listener's request
/// changes (<see cref="KestrelApplication"/>).
/// </summary>
internal sealed class ListenerServer(IServer kestrel, Func<IHttpConnectionFeature, bool> isAdmin, RequestDelegate listeners, IServiceScopeFactory scopes)
    : IServer
{
    private readonly IServer _kestrel = kestrel;

    /// <inheritdoc />
    public IFeatureCollection Features => _kestrel.Features;

    /// <inheritdoc />
    public Task StartAsync<TContext>(IHttpApplication<TContext> application, CancellationToken cancellationToken)
        where TContext : notnull =>
        _kestrel.StartAsync(new ListenerApplication<TContext>(application, isAdmin, listeners, scopes), cancellationToken);

    /// <inheritdoc />
    public Task StopAsync(CancellationToken cancellationToken) => _kestrel.StopAsync(cancellationToken);

    /// <inheritdoc />
    public void Dispose() => _kestrel.Dispose();

    /// <summary>
    /// Replaces the registered <see cref="IServer"/> (Kestrel) with this decorator around it; the server itself is still
    /// made by the container from its own registration.
    /// </summary>
    public static void Decorate(IServiceCollection services, Func<IHttpConnectionFeature, bool> isAdmin, RequestDelegate listeners)
    {
        var registered = services.LastOrDefault(descriptor => descriptor.ServiceType == typeof(IServer))
            ?? throw new InvalidOperationException("No IServer is registered to serve the listeners.");
        var type = registered.ImplementationType
            ?? throw new InvalidOperationException("The registered IServer is not a type the container makes.");
        services.Remove(registered);
        services.AddSingleton(type);
        services.AddSingleton<IServer>(sp => new ListenerServer(
            (IServer)sp.GetRequiredService(type), isAdmin, listeners, sp.GetRequiredService<IServiceScopeFactory>()));
    }
}
