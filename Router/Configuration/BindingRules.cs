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
}
