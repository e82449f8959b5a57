namespace SoapRouter.Routing;

/// <summary>Matches every message; the catch-all route's filter.</summary>
internal sealed class MatchAllFilter : IMessageFilter
{
    /// <summary>The one instance; the filter has no state.</summary>
    public static readonly MatchAllFilter Instance = new();

    private MatchAllFilter()
    {
    }

    /// <inheritdoc />
    public bool ReadsBody => false;

    /// <inheritdoc />
    public bool Match(IRoutableMessage message) => true;
}
