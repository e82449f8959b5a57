namespace SoapRouter.Routing;

/// <summary>
/// Matches a SOAP header by local name and namespace and, when a value is configured, by its text
/// (trimmed, ordinal). Without a value the header's presence is enough.
/// </summary>
/// <param name="localName">The header's local name.</param>
/// <param name="ns">The header's namespace.</param>
/// <param name="value">The text it must have; null: any.</param>
internal sealed class HeaderFilter(string localName, string ns, string? value) : IMessageFilter
{
    private readonly string _localName = localName;
    private readonly string _namespace = ns;
    private readonly string? _value = value?.Trim();

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
