using SoapRouter.Configuration;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tls;

/// <summary>
/// Every certificate the router serves or presents, in one place: their files are checked for changes every
/// <see cref="CheckInterval"/> (so a renewed certificate is in use within seconds, without a restart), their expiry is
/// warned about at start and daily, published as a gauge, and an expired one makes /health degraded.
/// </summary>
internal sealed class TlsCertificates : IDisposable
{
    /// <summary>How often the files are read for changes by default: well inside the 10 s a renewal must take effect in.</summary>
    public static readonly TimeSpan DefaultCheckInterval = TimeSpan.FromSeconds(2);

    /// <summary>How often expiry is looked at after the check at start.</summary>
    public static readonly TimeSpan ExpiryCheckInterval = TimeSpan.FromDays(1);

    private readonly TimeProvider _time;
    private readonly ILogger _logger;
    private readonly Lock _gate = new();
    private readonly List<ReloadingCertificate> _certificates = [];
    private readonly ITimer _fileTimer;
    private readonly ITimer _expiryTimer;
    private bool _disposed;

    /// <summary>Creates the set; the timers start with the first certificate added.</summary>
    public TlsCertificates(TimeProvider time, ILogger<TlsCertificates> logger, TimeSpan? checkInterval = null)
    {
        _time = time;
        _logger = logger;
        CheckInterval = checkInterval ?? DefaultCheckInterval;
        _fileTimer = time.CreateTimer(static state => ((TlsCertificates)state!).OnFileTimer(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
        _expiryTimer = time.CreateTimer(static state => ((TlsCertificates)state!).CheckExpiry(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
    }

    /// <summary>How often the files are checked.</summary>
    public TimeSpan CheckInterval { get; }

    /// <summary>The expiry warning period of certificates whose section names none (tls.expiryWarning of the config in use).</summary>
    public TimeSpan DefaultExpiryWarning { get; set; } = TlsConfig.DefaultExpiryWarning;

    /// <summary>The certificates in use now.</summary>
    public IReadOnlyList<ReloadingCertificate> All
    {
        get
        {
            lock (_gate)
            {
                return [.. _certificates];
            }
        }
    }

    /// <summary>
    /// Loads the certificate of <paramref name="config"/> as <paramref name="name"/> and keeps it current; throws
    /// <see cref="ArgumentException"/> when it cannot be loaded.
    /// </summary>
    public ReloadingCertificate Add(string name, CertificateConfig config, CertificateUsage usage, TimeSpan expiryWarning)
    {
        var certificate = new ReloadingCertificate(name, config, usage, expiryWarning, _time, _logger);
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            _certificates.Add(certificate);
            if (_certificates.Count == 1)
            {
                _fileTimer.Change(CheckInterval, Timeout.InfiniteTimeSpan);
                _expiryTimer.Change(ExpiryCheckInterval, ExpiryCheckInterval);
            }
        }

        return certificate;
    }

    /// <summary>Stops keeping <paramref name="certificate"/> (its destination was removed by a reload).</summary>
    public void Remove(ReloadingCertificate certificate)
    {
        lock (_gate)
        {
            _certificates.Remove(certificate);
        }
    }

    /// <summary>Reads every certificate's files once (the timer's work; tests call it to skip the wait).</summary>
    public void CheckFiles()
    {
        foreach (var certificate in All)
        {
            certificate.Check();
        }
    }

    /// <summary>Logs a warning for every certificate that expires within its warning period and an error for each expired one.</summary>
    public void CheckExpiry()
    {
        var now = _time.GetUtcNow();
        foreach (var certificate in All)
        {
            var current = certificate.Current;
            var left = current.NotAfter - now;
            if (left <= TimeSpan.Zero)
            {
                TlsLog.Expired(_logger, certificate.Name, current.NotAfter, current.Leaf.Subject);
            }
            else if (left <= certificate.ExpiryWarning)
            {
                TlsLog.ExpiresSoon(_logger, certificate.Name, left.TotalDays, current.NotAfter, current.Leaf.Subject);
            }
        }
    }

    /// <summary>Why /health is degraded on account of certificates: one sentence per expired one.</summary>
    public void AddHealthReasons(ICollection<string> reasons)
    {
        ArgumentNullException.ThrowIfNull(reasons);
        var now = _time.GetUtcNow();
        foreach (var certificate in All)
        {
            if (certificate.Current.NotAfter <= now)
            {
                reasons.Add($"certificate {certificate.Name} expired on {certificate.Current.NotAfter:yyyy-MM-dd HH:mm} UTC");
            }
        }
    }

    /// <summary>Seconds until each certificate expires (negative once expired), for the gauge.</summary>
    public IEnumerable<(ReloadingCertificate Certificate, double Seconds)> SecondsUntilExpiry()
    {
        var now = _time.GetUtcNow();
        foreach (var certificate in All)
        {
            yield return (certificate, (certificate.Current.NotAfter - now).TotalSeconds);
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        lock (_gate)
        {
            _disposed = true;
            _certificates.Clear();
        }

        _fileTimer.Dispose();
        _expiryTimer.Dispose();
    }

    private void OnFileTimer()
    {
        try
        {
            CheckFiles();
        }
#pragma warning disable CA1031 // An exception escaping a timer callback ends the process; serving the current certificates must go on.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            TlsLog.FileCheckFailed(_logger, ex);
        }

        try
        {
            _fileTimer.Change(CheckInterval, Timeout.InfiniteTimeSpan);
        }
        catch (ObjectDisposedException)
        {
            // Stopped while checking.
        }
    }
}
