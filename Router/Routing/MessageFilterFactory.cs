using System.Xml.XPath;
using SoapRouter.Configuration;

namespace SoapRouter.Routing;

/// <summary>Builds filters from configuration. Runs when a configuration is loaded; bad configuration throws.</summary>
internal static class MessageFilterFactory
{
    /// <summary>Builds the filter <paramref name="config"/> describes.</summary>
    /// <exception cref="ArgumentException">The filter configuration is incomplete or invalid.</exception>
    public static IMessageFilter Create(FilterConfig config)
    {
        ArgumentNullException.ThrowIfNull(config);
        return config.Type switch
        {
            FilterTypes.Action => new ActionFilter(Required(config.Value, config, "value"), IsPrefix(config)),
            FilterTypes.Address => new AddressFilter(Required(config.Value, config, "value"), IsPrefix(config)),
            FilterTypes.Header => new HeaderFilter(Required(config.Name, config, "name"), config.Namespace ?? "", config.Value),
            FilterTypes.XPath => CreateXPath(config),
            FilterTypes.MatchAll => MatchAllFilter.Instance,
            _ => throw new ArgumentException(
                $"Unknown filter type '{config.Type}'; expected one of {string.Join(", ", FilterTypes.All)}.", nameof(config)),
        };
    }

    private static XPathFilter CreateXPath(FilterConfig config)
    {
        var expression = Required(config.Expression, config, "expression");
        try
        {
            return new XPathFilter(expression, config.Namespaces);
        }
        catch (XPathException ex)
        {
            throw new ArgumentException($"Invalid XPath expression '{expression}': {ex.Message}", nameof(config), ex);
        }
    }

    private static bool IsPrefix(FilterConfig config) => config.Match switch
    {
        null or FilterTypes.MatchExact => false,
        FilterTypes.MatchPrefix => true,
        _ => throw new ArgumentException(
            $"Unknown match mode '{config.Match}' on a {config.Type} filter; expected '{FilterTypes.MatchExact}' or '{FilterTypes.MatchPrefix}'.",
            nameof(config)),
    };

    private static string Required(string? value, FilterConfig config, string property) =>
        string.IsNullOrEmpty(value)
            ? throw new ArgumentException($"A {config.Type} filter needs '{property}'.", nameof(config))
            : value;
}
