namespace SoapRouter.Routing;

/// <summary>Matches the SOAP action exactly or by prefix (ordinal, because action URIs are case-sensitive).</summary>
/// <param name="action">The action, or its prefix when <paramref name="prefix"/> is true.</param>
internal sealed class ActionFilter(string action, bool prefix) : IMessageFilter
{
    private readonly string _action = action;
    private readonly bool _prefix = prefix;

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
