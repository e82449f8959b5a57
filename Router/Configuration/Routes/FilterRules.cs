namespace SoapRouter.Configuration;

/// <summary>Validation of one route filter: the fields its type needs, and no fields it ignores.</summary>
internal static class FilterRules
{
    /// <summary>Checks <paramref name="filter"/> at <paramref name="path"/>.</summary>
    public static void Check(FilterConfig filter, string path, ConfigValidationContext context)
    {
        switch (filter.Type)
        {
            case FilterTypes.Action:
                context.Require(filter.Value, ConfigPath.Property(path, "value"));
                CheckMatch(filter.Match, path, context);
                RejectUnused(filter, path, context, "value", "match");
                break;

            case FilterTypes.Address:
                // The router compares it with the request path, which always starts with a slash.
                if (context.Require(filter.Value, ConfigPath.Property(path, "value")) && !filter.Value!.StartsWith('/'))
                {
                    context.Error(ConfigPath.Property(path, "value"), $"'{filter.Value}' must be a request path starting with '/'");
                }

                CheckMatch(filter.Match, path, context);
                RejectUnused(filter, path, context, "value", "match");
                break;

            case FilterTypes.Header:
                CheckHeader(filter, path, context);
                RejectUnused(filter, path, context, "name", "namespace", "value");
                break;

            case FilterTypes.XPath:
                XPathFilterRules.Check(filter.Expression, filter.Namespaces, path, context);
                RejectUnused(filter, path, context, "expression", "namespaces");
                break;

            case FilterTypes.MatchAll:
                RejectUnused(filter, path, context);
                break;

            default:
                var valid = string.Join(", ", FilterTypes.All);
                context.Error(ConfigPath.Property(path, "type"), string.IsNullOrEmpty(filter.Type)
                    ? $"is required; valid filter types: {valid}"
                    : $"unknown filter type '{filter.Type}'; valid filter types: {valid}");
                break;
        }
    }

    private static void CheckMatch(string? match, string path, ConfigValidationContext context)
    {
        if (match is not null and not FilterTypes.MatchExact and not FilterTypes.MatchPrefix)
        {
            context.Error(ConfigPath.Property(path, "match"), $"unknown match '{match}'; valid: {FilterTypes.MatchExact}, {FilterTypes.MatchPrefix}");
        }
    }

    private static void CheckHeader(FilterConfig filter, string path, ConfigValidationContext context)
    {
        var namePath = ConfigPath.Property(path, "name");
        if (context.Require(filter.Name, namePath))
        {
            try
            {
                System.Xml.XmlConvert.VerifyNCName(filter.Name!);
            }
            catch (System.Xml.XmlException)
            {
                context.Error(namePath, $"'{filter.Name}' is not a valid XML local name");
            }
        }

        // Null and "" would mean different things to a reader of the file ("any" or "none"); make the author say.
        if (filter.Namespace is null)
        {
            context.Error(ConfigPath.Property(path, "namespace"), "is required (use \"\" for a header without a namespace)");
        }

        // No value: the filter matches when the header is present, whatever its text.
        if (filter.Value is not null && filter.Value.Length == 0)
        {
            context.Error(ConfigPath.Property(path, "value"), "must not be empty; leave it out to match on the header being present");
        }
    }

    private static void RejectUnused(FilterConfig filter, string path, ConfigValidationContext context, params ReadOnlySpan<string> used)
    {
        ReadOnlySpan<(string Name, bool IsSet)> fields =
        [
            ("value", filter.Value is not null),
            ("match", filter.Match is not null),
            ("name", filter.Name is not null),
            ("namespace", filter.Namespace is not null),
            ("expression", filter.Expression is not null),
            ("namespaces", filter.Namespaces is not null),
        ];

        foreach (var (name, isSet) in fields)
        {
            if (isSet && !used.Contains(name))
            {
                context.Error(ConfigPath.Property(path, name), $"is not used by filters of type '{filter.Type}'; remove it");
            }
        }
    }
}
