using SoapRouter.Wire.Bindings;
namespace SoapRouter.Configuration;

/// <summary>Validation of a binding name, shared by listeners and destinations.</summary>
internal static class BindingRules
{
    /// <summary>Records an error unless <paramref name="binding"/> is one of <see cref="WireBindingNames.All"/>.</summary>
    public static void Check(string binding, string path, ConfigValidationContext context)
    {
        if (WireBindingNames.IsKnown(binding))
        {
            return;
        }

        var valid = string.Join(", ", WireBindingNames.All);
        context.Error(path, string.IsNullOrEmpty(binding)
            ? $"is required; valid bindings: {valid}"
            : $"unknown binding '{binding}'; valid bindings: {valid}");
    }

    /// <summary>
    /// Records an error unless <paramref name="encoding"/> is absent or one <paramref name="binding"/> speaks
    /// (text or mtom on basicHttp and soap12Http); an unknown binding is reported by <see cref="Check"/> alone.
    /// </summary>
    public static void CheckEncoding(string binding, string? encoding, string path, ConfigValidationContext context)
    {
        if (encoding is null || !WireBindingNames.IsKnown(binding) || WireBindings.Find(binding, encoding) is not null)
        {
            return;
        }

        context.Error(path, WireEncodingNames.Configurable.Contains(encoding)
            ? $"{binding} has no {encoding} encoding; text and mtom are for basicHttp and soap12Http, binaryHttp and netTcp are always binary"
            : $"unknown encoding '{encoding}'; valid encodings: {string.Join(", ", WireEncodingNames.Configurable)}");
    }
}
