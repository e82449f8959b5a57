namespace SoapRouter.Routing;

/// <summary>
/// Matches the request path the message arrived on, ignoring case (as IIS-hosted WCF does) and a trailing
/// slash. A prefix matches whole segments only: "/orders" matches "/orders/v2" but not "/ordersArchive".
/// </summary>
internal sealed class AddressFilter : IMessageFilter
{
    private readonly string _path;
    private readonly bool _prefix;

    /// <summary>Creates a filter for <paramref name="path"/>; a missing leading slash is added.</summary>
    public AddressFilter(string path, bool prefix)
    {
        var trimmed = path.Trim().TrimEnd('/');
        _path = trimmed.StartsWith('/') || trimmed.Length == 0 ? trimmed : "/" + trimmed;
        _prefix = prefix;
    }

    /// <inheritdoc />
    public bool ReadsBody => false;

    /// <inheritdoc />
    public bool Match(IRoutableMessage message) => MatchesPath(message.Path);

    /// <summary>True when a message that arrived on <paramref name="requestPath"/> passes this filter (also what the config checker asks of a listener's path).</summary>
    public bool MatchesPath(ReadOnlySpan<char> requestPath)
    {
        var path = requestPath.TrimEnd('/');
        if (path.Equals(_path, StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        // The root prefix ("" once trimmed) matches every path.
        return _prefix
            && path.StartsWith(_path, StringComparison.OrdinalIgnoreCase)
            && (path.Length == _path.Length || path[_path.Length] == '/');
    }
}
