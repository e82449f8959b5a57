namespace SoapRouter.Tls;

/// <summary>The router's TLS log lines: certificate reloads and expiry, handshake failures.</summary>
internal static partial class TlsLog
{
    [LoggerMessage(EventId = 1301, Level = LogLevel.Information, Message = "Certificate {Certificate} reloaded from its files: now {Description}; new handshakes use it")]
    public static partial void Reloaded(ILogger logger, string certificate, string description);

    [LoggerMessage(EventId = 1302, Level = LogLevel.Error, Message = "Certificate {Certificate}: its files changed but cannot be used ({Problem}); still serving {Description}")]
    public static partial void ReloadFailed(ILogger logger, string certificate, string problem, string description);

    [LoggerMessage(EventId = 1303, Level = LogLevel.Warning, Message = "Certificate {Certificate} expires in {Days:0.#} days, on {NotAfter:yyyy-MM-dd HH:mm} UTC ({Subject}); renew it")]
    public static partial void ExpiresSoon(ILogger logger, string certificate, double days, DateTimeOffset notAfter, string subject);

    [LoggerMessage(EventId = 1304, Level = LogLevel.Error, Message = "Certificate {Certificate} EXPIRED on {NotAfter:yyyy-MM-dd HH:mm} UTC ({Subject}); clients will refuse it until it is renewed")]
    public static partial void Expired(ILogger logger, string certificate, DateTimeOffset notAfter, string subject);

    [LoggerMessage(EventId = 1305, Level = LogLevel.Warning, Message = "{Listener}: {Count} TLS handshakes failed in the last {Interval} ({Reasons})")]
    public static partial void HandshakesFailed(ILogger logger, string listener, long count, TimeSpan interval, string reasons);

    [LoggerMessage(EventId = 1306, Level = LogLevel.Error, Message = "Checking certificate files failed unexpectedly; the certificates in use stay")]
    public static partial void FileCheckFailed(ILogger logger, Exception exception);
}
