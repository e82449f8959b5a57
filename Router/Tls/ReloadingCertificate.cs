using System.Net.Security;
using System.Security.Cryptography;
using SoapRouter.Configuration;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tls;

/// <summary>
/// One certificate the router uses (a listener's, an SNI entry's, the admin's, a destination's client certificate),
/// kept in step with its files: <see cref="Check"/> re-reads them when their bytes changed (a renewal, a mounted
/// secret's symlink swap) and swaps in the new certificate, so the next handshake uses it while connections already
/// open keep theirs. A change that does not load keeps the current certificate; it is reported once it has stayed the
/// same for two checks, so a pair caught half-written (certificate before key) is not an error.
/// </summary>
internal sealed class ReloadingCertificate
{
    private readonly CertificateConfig _config;
    private readonly CertificateUsage _usage;
    private readonly TimeProvider _time;
    private readonly ILogger _logger;
    private State _state;
    private byte[] _filesHash;
    private byte[]? _pendingHash;
    private byte[]? _reportedHash;

    /// <summary>
    /// Loads the certificate now; throws <see cref="ArgumentException"/> with the checker's sentence when it cannot be
    /// (the checker passed it a moment ago, so only a file changed in between gets here).
    /// </summary>
    public ReloadingCertificate(string name, CertificateConfig config, CertificateUsage usage, TimeSpan expiryWarning, TimeProvider time, ILogger logger)
    {
        Name = name;
        _config = config;
        _usage = usage;
        _time = time;
        _logger = logger;
        ExpiryWarning = expiryWarning;
        _filesHash = HashFiles() ?? [];
        _state = Load(out var error) ?? throw new ArgumentException($"{name}: {error}");
    }

    /// <summary>What the certificate is for, as logs, metrics and /health name it (e.g. <c>listener secure-basic</c>).</summary>
    public string Name { get; }

    /// <summary>How long before expiry a warning is given.</summary>
    public TimeSpan ExpiryWarning { get; }

    /// <summary>The certificate in use now.</summary>
    public LoadedCertificate Current => Volatile.Read(ref _state).Certificate;

    /// <summary>The certificate in use now, with its chain, ready for a server handshake (built once per load).</summary>
    public SslStreamCertificateContext ServerContext => Volatile.Read(ref _state).ServerContext.Value;

    /// <summary>How many times a changed file was loaded since start.</summary>
    public int Reloads { get; private set; }

    /// <summary>
    /// Reads the files and installs them when their bytes changed and they load; returns true when a new certificate
    /// is in use. Never throws for a bad or missing file (the current certificate stays). Called by one timer, never
    /// concurrently.
    /// </summary>
    public bool Check()
    {
        var hash = HashFiles();
        if (hash is null || hash.AsSpan().SequenceEqual(_filesHash))
        {
            _pendingHash = null;
            return false;
        }

        var loaded = Load(out var error);
        if (loaded is null)
        {
            // Reported only once the bad bytes have stayed put across two checks, and once per content.
            var stable = _pendingHash is not null && hash.AsSpan().SequenceEqual(_pendingHash);
            _pendingHash = hash;
            if (stable && (_reportedHash is null || !hash.AsSpan().SequenceEqual(_reportedHash)))
            {
                _reportedHash = hash;
                var serving = Current.Describe();
                TlsLog.ReloadFailed(_logger, Name, error!, serving);
            }

            return false;
        }

        _filesHash = hash;
        _pendingHash = null;
        _reportedHash = null;
        Volatile.Write(ref _state, loaded);
        Reloads++;
        var description = loaded.Certificate.Describe();
        TlsLog.Reloaded(_logger, Name, description);
        return true;
    }

    private State? Load(out string? error)
    {
        if (!SecretValue.TryResolve(_config.Password, out var password, out error))
        {
            return null;
        }

        if (!CertificateFiles.TryLoad(_config.Path, _config.KeyPath, password, _usage, _time.GetUtcNow(), out var certificate, out error))
        {
            return null;
        }

        return new State(certificate!);
    }

    /// <summary>SHA-256 over the certificate file and the key file, or null when one cannot be read now.</summary>
    private byte[]? HashFiles()
    {
        try
        {
            using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
            hash.AppendData(File.ReadAllBytes(_config.Path));
            if (_config.KeyPath is { } keyPath)
            {
                hash.AppendData(File.ReadAllBytes(keyPath));
            }

            return hash.GetHashAndReset();
        }
        catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
        {
            // Mid-swap, or out of descriptors: the current certificate stays and the next check tries again.
            return null;
        }
    }

    /// <summary>One loaded certificate and its handshake context, made on first use (client certificates never need one).</summary>
    private sealed class State(LoadedCertificate certificate)
    {
        public LoadedCertificate Certificate { get; } = certificate;

        // offline: the chain is built from the file's intermediates without fetching; the handshake sends it as it is.
        public Lazy<SslStreamCertificateContext> ServerContext { get; } =
            new(() => SslStreamCertificateContext.Create(certificate.Leaf, certificate.Intermediates, offline: true));
    }
}
