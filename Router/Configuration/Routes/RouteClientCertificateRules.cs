using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Tls;

namespace SoapRouter.Configuration;

/// <summary>Validation of a route's client certificate keys: allowedClientCertificates and forwardClientCertificate.</summary>
internal static class RouteClientCertificateRules
{
    /// <summary>True when some listener asks its clients for a certificate (a route's rules can then admit anyone).</summary>
    public static bool Asked(IReadOnlyList<ListenerConfig> listeners) => listeners.Any(listener => listener.Tls is { AsksForClientCertificates: true });

    /// <summary>Checks the client certificate keys of the route at <paramref name="path"/>.</summary>
    public static void Check(RouteConfig route, string path, bool asked, ConfigValidationContext context)
    {
        var rulesPath = ConfigPath.Property(path, "allowedClientCertificates");
        for (var j = 0; j < route.AllowedClientCertificates.Count; j++)
        {
            CheckRule(route.AllowedClientCertificates[j], ConfigPath.Index(rulesPath, j), context);
        }

        if (route.AllowedClientCertificates.Count > 0 && !asked)
        {
            context.Warning(rulesPath, "no listener asks clients for a certificate (tls.clientCertificateMode), so every message on this route will be refused");
        }

        if (route.ForwardClientCertificate is { } forward && !string.Equals(forward, ClientCertificateForwarding.Header, StringComparison.Ordinal))
        {
            context.Error(ConfigPath.Property(path, "forwardClientCertificate"), $"unknown value '{forward}'; the only one is '{ClientCertificateForwarding.Header}' (X-Forwarded-Client-Cert on HTTP destinations)");
        }
    }

    private static void CheckRule(ClientCertificateRule rule, string path, ConfigValidationContext context)
    {
        if (rule.Subject is null && rule.Thumbprint is null && rule.San is null)
        {
            context.Error(path, "needs subject, thumbprint or san");
            return;
        }

        if (rule.Subject is { } subject)
        {
            try
            {
                _ = new X500DistinguishedName(subject);
            }
            catch (CryptographicException)
            {
                context.Error(ConfigPath.Property(path, "subject"), $"'{subject}' is not a distinguished name (e.g. CN=partner-a, O=Partner A)");
            }
        }

        if (rule.Thumbprint is { } thumbprint && ClientCertificateMatcher.NormalizeThumbprint(thumbprint) is not { Length: 40 or 64 })
        {
            context.Error(ConfigPath.Property(path, "thumbprint"), $"'{thumbprint}' is not a SHA-1 (40 hex digits) or SHA-256 (64) thumbprint");
        }

        if (rule.San is { } san && string.IsNullOrWhiteSpace(san))
        {
            context.Error(ConfigPath.Property(path, "san"), "must not be empty");
        }
    }
}
