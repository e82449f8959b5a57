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
    /// Records an error unless <paramref name="encoding"/> and <paramref name="addressing"/> are absent or a pair
    /// <paramref name="binding"/> speaks (text or mtom on basicHttp and soap12Http; august2004 on text soap12Http,
    /// binaryHttp and netTcp, on listeners and destinations alike); an unknown binding is reported by
    /// <see cref="Check"/> alone. <paramref name="path"/> is the listener's or destination's.
    /// </summary>
    public static void CheckVariant(string binding, string? encoding, string? addressing, string path, ConfigValidationContext context)
    {
        if (WireBindings.Find(binding, encoding, addressing) is not null)
        {
            return;
        }

        if (!WireBindingNames.IsKnown(binding))
        {
            return;
        }

        if (encoding is not null && !WireEncodingNames.Configurable.Contains(encoding))
        {
            context.Error(ConfigPath.Property(path, "encoding"), $"unknown encoding '{encoding}'; valid encodings: {string.Join(", ", WireEncodingNames.Configurable)}");
        }
        else if (addressing is not null && !WireAddressingNames.Configurable.Contains(addressing))
        {
            context.Error(ConfigPath.Property(path, "addressing"), $"unknown addressing '{addressing}'; valid versions: {string.Join(", ", WireAddressingNames.Configurable)}");
        }
        else if (encoding is not null && WireBindings.Find(binding, encoding) is null)
        {
            context.Error(ConfigPath.Property(path, "encoding"), $"{binding} has no {encoding} encoding; text and mtom are for basicHttp and soap12Http, binaryHttp and netTcp are always binary");
        }
        else
        {
            var what = encoding == WireEncodingNames.Mtom ? $"{binding} with mtom" : binding;
            context.Error(ConfigPath.Property(path, "addressing"), $"{what} has no {addressing} addressing; august2004 is for soap12Http (text), binaryHttp and netTcp, basicHttp has none");
        }
    }
}
