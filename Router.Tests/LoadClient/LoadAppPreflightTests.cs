using System.Text;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// What the client says before a run that cannot work, against real Kestrel apps on loopback: a target speaking
/// another binding is one line after the first warm-up request, not a run of errors.
/// </summary>
public sealed class LoadAppPreflightTests
{
    private static readonly byte[] Soap11Reply = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><EchoResponse xmlns=\"http://tempuri.org/\"/></s:Body></s:Envelope>");

    // WCF words a 415 as "Content Type ... was not supported by service", without the status code.
    [Theory]
    [InlineData("raw", "415 Unsupported Media Type")]
    [InlineData("wcf", "ProtocolException (Content Type application/soap+xml; charset=utf-8 was not supported by service")]
    public async Task Run_TargetAnswers415_SaysTheBindingProbablyDoesNotMatchAfterOneRequest(string client, string expected)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(415, null, []));

        var (exitCode, output, error) = await RunAsync(
            "--client", client, "--url", backend.Address("/svc"), "--binding", "soap12Http", "--requests", "50", "--warmup", "5");

        Assert.Equal(1, exitCode);
        Assert.Single(backend.Requests);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("binding probably does not match", line, StringComparison.Ordinal);
        Assert.Contains(expected, line, StringComparison.Ordinal);
        Assert.DoesNotContain("throughput", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_RawSoap12RequestAnsweredInSoap11_SaysTheBindingProbablyDoesNotMatch()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Soap11Reply));

        var (exitCode, _, error) = await RunAsync("--url", backend.Address("/svc"), "--binding", "soap12Http", "--requests", "50");

        Assert.Equal(1, exitCode);
        Assert.Single(backend.Requests);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("Content-Type 'text/xml; charset=utf-8' to a soap12Http request ('application/soap+xml; charset=utf-8')", line, StringComparison.Ordinal);
        Assert.Contains("binding probably does not match", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_WcfSoap12ClientAnsweredInSoap11_SaysTheBindingProbablyDoesNotMatch()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Soap11Reply));

        var (exitCode, _, error) = await RunAsync(
            "--client", "wcf", "--url", backend.Address("/svc"), "--binding", "soap12Http", "--requests", "50", "--timeout", "10");

        Assert.Equal(1, exitCode);
        Assert.Single(backend.Requests);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("binding probably does not match", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_WcfNetTcpClientAtAnHttpPort_SaysTheBindingProbablyDoesNotMatch()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Soap11Reply));
        var url = new UriBuilder(backend.Address("/svc")) { Scheme = "net.tcp" }.Uri.AbsoluteUri;

        var (exitCode, _, error) = await RunAsync(
            "--client", "wcf", "--binding", "netTcp", "--url", url, "--requests", "50", "--timeout", "10");

        Assert.Equal(1, exitCode);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("the first netTcp call failed with ProtocolException", line, StringComparison.Ordinal);
        Assert.Contains("binding probably does not match", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_MatchingBinding_PassesTheCheckAndCountsTheFirstRequestAsWarmup()
    {
        var service = new WireResponder(WireBindings.Soap12Http);
        await using var backend = await RecordingBackend.StartAsync(service.Respond);

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--binding", "soap12Http", "--requests", "6", "--warmup", "3");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Equal(9, backend.Requests.Count);
        Assert.Contains("6: 6 ok", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--url", "localhost:8080/router", "must be an absolute http, https or net.tcp URL")]
    [InlineData("--url", "http//127.0.0.1:8080/router", "must be an absolute http, https or net.tcp URL")]
    [InlineData("--url", "net.tcp://127.0.0.1:8808/x", "must be an http or https URL for binding 'basicHttp'")]
    public async Task Run_WrongAddress_IsABadArgument(string option, string value, string expected)
    {
        var (exitCode, _, error) = await RunAsync(option, value);

        Assert.Equal(2, exitCode);
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_WcfNetTcpToAnHttpUrl_IsABadArgument()
    {
        var (exitCode, _, error) = await RunAsync("--client", "wcf", "--binding", "netTcp", "--url", "http://127.0.0.1:8808/x");

        Assert.Equal(2, exitCode);
        Assert.Contains("'--url' must be a net.tcp URL for binding 'netTcp'", error, StringComparison.Ordinal);
    }
}
