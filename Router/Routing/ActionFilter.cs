namespace SoapRouter.Routing;

/// <summary>Matches the SOAP action exactly or by prefix (ordinal, because action URIs are case-sensitive).</summary>
internal sealed class ActionFilter : IMessageFilter
{
    private readonly string _action;
    private readonly bool _prefix;

    /// <summary>Creates a filter for <paramref name="action"/>.</summary>
    public ActionFilter(string action, bool prefix)
    {
        ArgumentNullException.ThrowIfNull(action);
        _action = action;
        _prefix = prefix;
    }

    /// <inheritdoc />
    public bool ReadsBody => false;

    /// <inheritdoc />
    public bool Match(IRoutableMessage message)
    {
        var action = message.Action;
        if (action is null)
        {
            return false;
        }

        return _prefix
            ? action.StartsWith(_action, StringComparison.Ordinal)
            : string.Equals(action, _action, StringComparison.Ordinal);
    }
}
