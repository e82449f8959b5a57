using SoapRouter.Wire.Bindings;
namespace SoapRouter.Configuration;

/// <summary>Checks endpoint addresses: absolute, and with the URI scheme the binding's transport speaks.</summary>
internal static class AddressRules
{
    /// <summary>Validates <paramref name="address"/> for <paramref name="binding"/>; returns the parsed URI when it is usable.</summary>
    public static Uri? CheckEndpoint(string address, string binding, string path, ConfigValidationContext context)
    {
        var uri = CheckAbsolute(address, path, context);
        if (uri is null || !WireBindingNames.IsKnown(binding))
        {
            // An unknown binding is reported on its own; a scheme complaint on top of it would only be noise.
            return uri;
        }

        var fits = binding == WireBindingNames.NetTcp
            ? uri.Scheme == Uri.UriSchemeNetTcp
            : uri.Scheme == Uri.UriSchemeHttp || uri.Scheme == Uri.UriSchemeHttps;
        if (!fits)
        {
            var needed = binding == WireBindingNames.NetTcp ? "net.tcp" : "http or https";
            context.Error(path, $"'{address}' uses scheme '{uri.Scheme}' but binding '{binding}' needs {needed}");
            return null;
        }

        return uri;
    }

    /// <summary>A key under which two addresses that Kestrel or net.tcp would treat as the same endpoint are equal.</summary>
    public static string EndpointKey(Uri uri) =>
        $"{uri.Scheme}://{uri.Host}:{uri.Port}{uri.AbsolutePath.TrimEnd('/')}".ToUpperInvariant();

    private static Uri? CheckAbsolute(string address, string path, ConfigValidationContext context)
    {
        if (!context.Require(address, path))
        {
            return null;
        }

        // On Unix "/router" parses as an absolute file URI, so insist on a host as well.
        if (!Uri.TryCreate(address, UriKind.Absolute, out var uri) || uri.IsFile || uri.Host.Length == 0)
        {
            context.Error(path, $"'{address}' is not an absolute URI with a host (e.g. http://127.0.0.1:8080/router)");
            return null;
        }

        return uri;
    }
}
