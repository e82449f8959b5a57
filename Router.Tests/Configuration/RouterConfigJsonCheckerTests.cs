using System.Text;
using SoapRouter.Configuration;

namespace SoapRouter.Tests.Configuration;

/// <summary>The structural checker of router.json: what it takes for a config key.</summary>
public sealed class RouterConfigJsonCheckerTests
{
    private const string Certificate = "\"certificate\": { \"path\": \"a.pem\", \"keyPath\": \"a.key\"";

    [Fact]
    public void Check_JsonIgnoredComputedKeys_AreUnknownProperties_AndNotListedAsValid()
    {
        var errors = Check($$"""{ "admin": { "tls": { {{Certificate}}, "isPkcs12": true }, "asksForClientCertificates": true } } }""");

        Assert.Equal(2, errors.Count);
        var isPkcs12 = Assert.Single(errors, error => error.Contains("unknown property 'isPkcs12'", StringComparison.Ordinal));
        var asks = Assert.Single(errors, error => error.Contains("unknown property 'asksForClientCertificates'", StringComparison.Ordinal));
        Assert.StartsWith("admin.tls.certificate.isPkcs12: ", isPkcs12, StringComparison.Ordinal);
        Assert.Equal("path, keyPath, password", ValidList(isPkcs12));
        Assert.DoesNotContain("asksForClientCertificates", ValidList(asks), StringComparison.Ordinal);
        Assert.Contains("certificate", ValidList(asks), StringComparison.Ordinal);
    }

    [Fact]
    public void Check_TheSameSectionWithoutThem_HasNoError() =>
        Assert.Empty(Check($$"""{ "admin": { "tls": { {{Certificate}} } } } }"""));

    private static IReadOnlyList<string> Check(string json) =>
        RouterConfigJsonChecker.Check(Encoding.UTF8.GetBytes(json), RouterConfigJson.RouterConfig);

    private static string ValidList(string error)
    {
        var start = error.IndexOf("valid properties: ", StringComparison.Ordinal) + "valid properties: ".Length;
        var end = error.LastIndexOf(" (line ", StringComparison.Ordinal);
        return error[start..end];
    }
}
