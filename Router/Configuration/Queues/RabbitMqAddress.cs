namespace SoapRouter.Configuration;

/// <summary>
/// <c>queues.rabbitmq.uri</c> parsed, its password resolved (<c>env:NAME</c>): what the RabbitMQ store connects with, or
/// why it cannot. <see cref="Display"/> is the address without the password, the only form that is ever logged.
/// </summary>
/// <param name="Endpoint">The URI without its user information; null when <paramref name="Error"/> says why.</param>
/// <param name="UserName">The user; null for the broker's default.</param>
/// <param name="Password">The resolved password; null for the broker's default. Never logged.</param>
/// <param name="Display">scheme://user@host:port/vhost, for logs and /stats.</param>
/// <param name="Error">Why the URI is unusable, never repeating a password; null when parsed.</param>
internal sealed record RabbitMqAddress(Uri? Endpoint, string? UserName, string? Password, string Display, string? Error)
{
    /// <summary>Parses and resolves <paramref name="uri"/>.</summary>
    public static RabbitMqAddress Parse(string? uri)
    {
        if (string.IsNullOrWhiteSpace(uri))
        {
            return Failed("is required when queues.store is 'rabbitmq'");
        }

        if (!Uri.TryCreate(uri.Trim(), UriKind.Absolute, out var parsed) || parsed.Host.Length == 0)
        {
            return Failed("is not an absolute URI (amqp://user:password@host:5672/vhost)");
        }

        if (parsed.Scheme is not ("amqp" or "amqps"))
        {
            return Failed($"must use amqp:// or amqps:// (is {parsed.Scheme}://)");
        }

        string? user = null;
        string? password = null;
        if (parsed.UserInfo.Length > 0)
        {
            var colon = parsed.UserInfo.IndexOf(':', StringComparison.Ordinal);
            user = Uri.UnescapeDataString(colon < 0 ? parsed.UserInfo : parsed.UserInfo[..colon]);
            if (colon >= 0 && !SecretValue.TryResolve(Uri.UnescapeDataString(parsed.UserInfo[(colon + 1)..]), out password, out var secretError))
            {
                return Failed($"its password: {secretError}");
            }
        }

        var endpoint = new UriBuilder(parsed) { UserName = string.Empty, Password = string.Empty }.Uri;
        var display = user is null ? endpoint.ToString() : endpoint.ToString().Replace("://", $"://{user}@", StringComparison.Ordinal);
        return new RabbitMqAddress(endpoint, user, password, display, null);
    }

    private static RabbitMqAddress Failed(string error) => new(null, null, null, string.Empty, error);
}
