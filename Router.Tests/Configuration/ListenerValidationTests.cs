using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Configuration;

public sealed class ListenerValidationTests
{
    [Fact]
    public void Validate_MinimalConfig_HasNoErrorsOrWarnings()
    {
        var result = RouterConfigValidator.Validate(Valid());

        Assert.Empty(result.Errors);
        Assert.Empty(result.Warnings);
    }

    [Fact]
    public void Validate_NoListeners_ReportsMissingListener() =>
        AssertSingleError(WithListeners(), "listeners", "at least one listener");

    [Fact]
    public void Validate_DuplicateListenerName_ReportsBothPlaces() =>
        AssertSingleError(
            WithListeners(
                Listener("a", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/one"),
                Listener("a", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/two")),
            "listeners[1].name", "duplicate listener name 'a' (also listeners[0])");

    [Fact]
    public void Validate_UnknownBinding_ListsValidBindings() =>
        AssertSingleError(
            WithListeners(Listener("a", "wsHttp", "http://127.0.0.1:8080/one")),
            "listeners[0].binding", "unknown binding 'wsHttp'; valid bindings: basicHttp, soap12Http, binaryHttp, netTcp");

    [Fact]
    public void Validate_RelativeAddress_ReportsNotAbsolute() =>
        AssertSingleError(
            WithListeners(Listener("a", WireBindingNames.BasicHttp, "/router/basic")),
            "listeners[0].address", "is not an absolute URI");

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "net.tcp://127.0.0.1:8808/router", "needs http or https")]
    [InlineData(WireBindingNames.Soap12Http, "ftp://127.0.0.1/router", "needs http or https")]
    [InlineData(WireBindingNames.BinaryHttp, "net.tcp://127.0.0.1:8808/router", "needs http or https")]
    [InlineData(WireBindingNames.NetTcp, "http://127.0.0.1:8080/router", "needs net.tcp")]
    public void Validate_SchemeNotFittingBinding_ReportsNeededScheme(string binding, string address, string fragment) =>
        AssertSingleError(WithListeners(Listener("a", binding, address)), "listeners[0].address", fragment);

    [Fact]
    public void Validate_HttpsForHttpBinding_IsAcceptedAndAsksForTls() =>
        AssertSingleError(WithListeners(Listener("a", WireBindingNames.Soap12Http, "https://127.0.0.1:8443/router")), "listeners[0].address", "add a tls section");

    [Fact]
    public void Validate_SameAddressTwice_ReportsDuplicateAddress() =>
        AssertSingleError(
            WithListeners(
                Listener("a", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/router"),
                Listener("b", WireBindingNames.Soap12Http, "http://127.0.0.1:8080/Router/")),
            "listeners[1].address", "is already used by listeners[0]");

    [Fact]
    public void Validate_OnePortTwoSchemes_ReportsPortConflict() =>
        AssertSingleError(
            WithListeners(
                Listener("a", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/router"),
                Listener("b", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8080/router")),
            "listeners[1].address", "port 8080 is already used with scheme 'http'");
}
