namespace SoapRouter.Routing;

/// <summary>
/// Matches a SOAP header by local name and namespace and, when a value is configured, by its text
/// (trimmed, ordinal). Without a value the header's presence is enough.
/// </summary>
internal sealed class HeaderFilter : IMessageFilter
{
    private readonly string _localName;
    private readonly string _namespace;
    private readonly string? _value;

    /// <summary>Creates a filter for the header <paramref name="localName"/> in <paramref name="ns"/>.</summary>
    public HeaderFilter(string localName, string ns, string? value)
    {
        ArgumentNullException.ThrowIfNull(localName);
        ArgumentNullException.ThrowIfNull(ns);
        _localName = localName;
        _namespace = ns;
        _value = value?.Trim();
    }

    /// <inheritdoc />
    public bool ReadsBody => false;

    /// <inheritdoc />
    public bool Match(IRoutableMessage message)
    {
        if (!message.TryGetHeader(_localName, _namespace, out var value))
        {
            return false;
        }

        return _value is null || value.AsSpan().Trim().Equals(_value, StringComparison.Ordinal);
    }
}
