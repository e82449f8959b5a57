using System.Net;
using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class AdminValidationTests
{
    [Theory]
    [InlineData("http://127.0.0.1:9901/admin", "must not have a path")]
    [InlineData("http://127.0.0.1:9901/?x=1", "must not have a path or query")]
    [InlineData("http://admin.internal:9901", "must use an IP address or localhost")]
    public void Validate_AddressTheAdminServerCannotBind_IsAnError(string address, string fragment) =>
        AssertSingleError(Valid() with { Admin = new AdminConfig { Address = address } }, "admin.address", fragment);

    [Theory]
    [InlineData("http://localhost:9901", "127.0.0.1")]
    [InlineData("http://[::1]:9901", "::1")]
    [InlineData("http://10.1.2.3:9901", "10.1.2.3")]
    public void TryParse_ValidatedAddress_GivesTheEndpointTheServerBinds(string address, string ip)
    {
        Assert.True(AdminEndpointAddress.TryParse(address, out var endPoint, out _));
        Assert.Equal(new IPEndPoint(IPAddress.Parse(ip), 9901), endPoint);
    }

    [Theory]
    [InlineData("http://0.0.0.0:9901")]
    [InlineData("http://[::]:9901")]
    [InlineData("http://10.1.2.3:9901")]
    public void Validate_NonLoopbackAddressWithoutTlsOrToken_WarnsThatStatsIsReachable(string address)
    {
        var result = RouterConfigValidator.Validate(Valid() with { Admin = new AdminConfig { Address = address } });

        Assert.True(result.IsValid);
        Assert.Contains(result.Warnings, w => w.StartsWith("admin.address: ", StringComparison.Ordinal) && w.Contains("reachable from other hosts with neither TLS", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("http://127.0.0.1:8080")]
    [InlineData("http://0.0.0.0:8080")]
    public void Validate_AdminPortSharedWithAListener_IsAnError(string address) =>
        AssertSingleError(Valid() with { Admin = new AdminConfig { Address = address } }, "admin.address", "port 8080 is also used by listeners[0] ('basic')");

    [Fact]
    public void Validate_AdminPortOnAnotherAddressThanTheListener_IsAccepted() =>
        Assert.Empty(Errors(Valid() with { Admin = new AdminConfig { Address = "http://127.0.0.2:8080" } }));
}
