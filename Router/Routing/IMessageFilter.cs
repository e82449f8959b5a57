namespace SoapRouter.Routing;

/// <summary>A test a route applies to a message. Filters are immutable and shared by every request.</summary>
internal interface IMessageFilter
{
    /// <summary>True when the filter needs the body, which is expensive; such filters run after all others.</summary>
    bool ReadsBody { get; }

    /// <summary>True when <paramref name="message"/> passes the filter.</summary>
    bool Match(IRoutableMessage message);
}
