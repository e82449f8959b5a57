namespace SoapRouter.Hosting;

/// <summary>One request as <see cref="ListenerApplication{TInner}"/> holds it: a listener's HttpContext, or hosting's own context of an admin request.</summary>
internal sealed class ListenerRequest<TInner>
    where TInner : notnull
{
    /// <summary>A listener's request, over a context reused for the connection's next request.</summary>
    public ListenerRequest(DefaultHttpContext http) => Http = http;

    /// <summary>An admin request, handed to ASP.NET Core's pipeline.</summary>
    public ListenerRequest(TInner admin)
    {
        Admin = admin;
        IsAdmin = true;
        Http = null!;
    }

    /// <summary>True for an admin request (<see cref="Admin"/> set, <see cref="Http"/> not).</summary>
    public bool IsAdmin { get; }

    /// <summary>The listener request's context; unset for an admin request.</summary>
    public DefaultHttpContext Http { get; }

    /// <summary>Hosting's context of an admin request; default for a listener's.</summary>
    public TInner Admin { get; } = default!;
}
