namespace SoapRouter.Configuration;

/// <summary>
/// A secret in router.json (a PKCS#12 password, the admin token): the value itself, or <c>env:NAME</c> to read it from
/// the environment when it is used, so the file can be shared without it. Never logged.
/// </summary>
public static class SecretValue
{
    /// <summary>The prefix that names an environment variable.</summary>
    public const string EnvironmentPrefix = "env:";

    /// <summary>
    /// The secret <paramref name="value"/> stands for (null stays null), or false with a message naming the missing
    /// variable (never a value).
    /// </summary>
    public static bool TryResolve(string? value, out string? secret, out string? error)
    {
        error = null;
        secret = value;
        if (value is null || !value.StartsWith(EnvironmentPrefix, StringComparison.Ordinal))
        {
            return true;
        }

        var name = value[EnvironmentPrefix.Length..].Trim();
        if (name.Length == 0)
        {
            error = "'env:' must name an environment variable (env:NAME)";
            return false;
        }

        secret = Environment.GetEnvironmentVariable(name);
        if (secret is null)
        {
            error = $"environment variable '{name}' is not set";
            return false;
        }

        return true;
    }
}
