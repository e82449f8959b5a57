using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Tls;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Tls;

public sealed class TlsCertificatesTests : IDisposable
{
    private readonly TestPki _pki = new();
    private readonly TempDirectory _folder = new();
    private readonly CapturingLogger<TlsCertificates> _log = new();
    private readonly FakeTimeProvider _clock = new(DateTimeOffset.UtcNow);

    private CertificateConfig Install(TestCertificate certificate)
    {
        File.Copy(certificate.CertPath, _folder.File("server.crt"), overwrite: true);
        File.Copy(certificate.KeyPath, _folder.File("server.key"), overwrite: true);
        return new CertificateConfig { Path = _folder.File("server.crt"), KeyPath = _folder.File("server.key") };
    }

    [Fact]
    public void CheckFiles_RenewedFiles_AreInUseAfterTheNextCheck_WithinTheInterval()
    {
        var first = _pki.Server();
        using var certificates = new TlsCertificates(_clock, _log);
        var source = certificates.Add("listener secure", Install(first), CertificateUsage.Server, TimeSpan.FromDays(14));
        Assert.Equal(first.Thumbprint, source.Current.Leaf.Thumbprint);

        var renewed = _pki.Server();
        Install(renewed);
        _clock.Advance(certificates.CheckInterval);

        Assert.Equal(renewed.Thumbprint, source.Current.Leaf.Thumbprint);
        Assert.Equal(renewed.Thumbprint, source.ServerContext.TargetCertificate.Thumbprint);
        Assert.Equal(1, source.Reloads);
        Assert.InRange(certificates.CheckInterval, TimeSpan.Zero, TimeSpan.FromSeconds(10));
        Assert.Contains(_log.Entries, e => e.Level == LogLevel.Information && e.Message.Contains("reloaded", StringComparison.Ordinal));
    }

    [LinuxFact]
    public void CheckFiles_SymlinkSwapOfTheFolder_IsSeen()
    {
        // A mounted Kubernetes secret: the files are links through "..data", which is swapped to a new folder.
        var version1 = Directory.CreateDirectory(_folder.File("v1")).FullName;
        var version2 = Directory.CreateDirectory(_folder.File("v2")).FullName;
        var first = _pki.Server();
        var second = _pki.Server();
        File.Copy(first.CertPath, Path.Combine(version1, "tls.crt"));
        File.Copy(first.KeyPath, Path.Combine(version1, "tls.key"));
        File.Copy(second.CertPath, Path.Combine(version2, "tls.crt"));
        File.Copy(second.KeyPath, Path.Combine(version2, "tls.key"));
        var data = _folder.File("..data");
        File.CreateSymbolicLink(data, version1);
        File.CreateSymbolicLink(_folder.File("tls.crt"), Path.Combine(data, "tls.crt"));
        File.CreateSymbolicLink(_folder.File("tls.key"), Path.Combine(data, "tls.key"));
        using var certificates = new TlsCertificates(_clock, _log);
        var source = certificates.Add(
            "listener secure", new CertificateConfig { Path = _folder.File("tls.crt"), KeyPath = _folder.File("tls.key") }, CertificateUsage.Server, TimeSpan.FromDays(14));

        var next = _folder.File("..data_tmp");
        File.CreateSymbolicLink(next, version2);
        // rename(2) over the old link, atomically, as kubelet does (File.Move follows a link to a folder).
        using (var move = System.Diagnostics.Process.Start("mv", ["-Tf", next, data]))
        {
            move.WaitForExit();
            Assert.Equal(0, move.ExitCode);
        }

        certificates.CheckFiles();

        Assert.Equal(second.Thumbprint, source.Current.Leaf.Thumbprint);
    }

    [Fact]
    public void CheckFiles_FileThatNoLongerParses_KeepsTheCertificate_AndLogsOneError()
    {
        var first = _pki.Server();
        using var certificates = new TlsCertificates(_clock, _log);
        var source = certificates.Add("listener secure", Install(first), CertificateUsage.Server, TimeSpan.FromDays(14));

        File.WriteAllText(_folder.File("server.crt"), "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n");
        for (var i = 0; i < 5; i++)
        {
            certificates.CheckFiles();
        }

        Assert.Equal(first.Thumbprint, source.Current.Leaf.Thumbprint);
        Assert.Single(_log.Entries, e => e.Level == LogLevel.Error);
        Assert.Contains("still serving", _log.Entries.Single(e => e.Level == LogLevel.Error).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void CheckFiles_CertificateWrittenBeforeItsKey_IsNotAnError()
    {
        var first = _pki.Server();
        using var certificates = new TlsCertificates(_clock, _log);
        var source = certificates.Add("listener secure", Install(first), CertificateUsage.Server, TimeSpan.FromDays(14));
        var renewed = _pki.Server();

        File.Copy(renewed.CertPath, _folder.File("server.crt"), overwrite: true);
        certificates.CheckFiles();
        File.Copy(renewed.KeyPath, _folder.File("server.key"), overwrite: true);
        certificates.CheckFiles();

        Assert.Equal(renewed.Thumbprint, source.Current.Leaf.Thumbprint);
        Assert.DoesNotContain(_log.Entries, e => e.Level == LogLevel.Error);
    }

    [Fact]
    public void CheckExpiry_CertificateValidForOneDay_IsWarnedAbout_AtStartAndDaily()
    {
        var shortLived = _pki.Server(notAfter: DateTimeOffset.UtcNow.AddDays(1));
        using var certificates = new TlsCertificates(_clock, _log);
        certificates.Add("listener secure", Install(shortLived), CertificateUsage.Server, TimeSpan.FromDays(14));

        certificates.CheckExpiry();
        Assert.Single(_log.Entries, e => e.Level == LogLevel.Warning && e.Message.Contains("listener secure expires in", StringComparison.Ordinal));

        _clock.Advance(TlsCertificates.ExpiryCheckInterval);
        Assert.Contains(_log.Entries, e => e.Level == LogLevel.Error && e.Message.Contains("EXPIRED", StringComparison.Ordinal));
        var reasons = new List<string>();
        certificates.AddHealthReasons(reasons);
        Assert.Contains("certificate listener secure expired on", Assert.Single(reasons), StringComparison.Ordinal);
        Assert.True(certificates.SecondsUntilExpiry().Single().Seconds < 0);
    }

    [Fact]
    public void CheckExpiry_CertificateOutsideTheWarningPeriod_IsQuiet()
    {
        using var certificates = new TlsCertificates(_clock, _log);
        certificates.Add("listener secure", Install(_pki.Server()), CertificateUsage.Server, TimeSpan.FromDays(14));

        certificates.CheckExpiry();
        var reasons = new List<string>();
        certificates.AddHealthReasons(reasons);

        Assert.DoesNotContain(_log.Entries, e => e.Level >= LogLevel.Warning);
        Assert.Empty(reasons);
        Assert.InRange(certificates.SecondsUntilExpiry().Single().Seconds, TimeSpan.FromDays(360).TotalSeconds, TimeSpan.FromDays(366).TotalSeconds);
    }

    public void Dispose()
    {
        _folder.Dispose();
        _pki.Dispose();
    }
}
