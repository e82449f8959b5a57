using BackendStub.Hosting;
using Samples.Payloads;

namespace SoapRouter.Tests.BackendStub.Hosting;

public sealed class StubOptionsParserTests
{
    [Fact]
    public void Parse_NoArguments_ReturnsDefaults()
    {
        var result = StubOptionsParser.Parse([]);

        Assert.True(result.Succeeded);
        Assert.Empty(result.Errors);
        Assert.Equal(new StubOptions(), result.Options);
    }

    [Fact]
    public void Parse_EveryOption_InBothForms_IsApplied()
    {
        var result = StubOptionsParser.Parse(
        [
            "--http-port", "0", "--tcp-port=0", "--latency-ms", "250", "--fault-rate=0.25",
            "--fault-every", "7", "--seed", "-42", "--profile", "incompressible", "--tcp-max-connections", "3",
        ]);

        Assert.True(result.Succeeded, string.Join(" | ", result.Errors));
        var options = result.Options!;
        Assert.Equal(0, options.HttpPort);
        Assert.Equal(0, options.TcpPort);
        Assert.Equal(3, options.MaxTcpConnections);
        Assert.Equal(TimeSpan.FromMilliseconds(250), options.Latency);
        Assert.Equal(0.25, options.FaultRate);
        Assert.Equal(7, options.FaultEvery);
        Assert.Equal(-42, options.Seed);
        Assert.Equal(PayloadProfile.Incompressible, options.Profile);
        Assert.False(result.HelpRequested);
    }

    [Fact]
    public void Parse_BadInput_ReportsEveryErrorAtOnce()
    {
        var result = StubOptionsParser.Parse(
        [
            "--http-port", "70000", "--tcp-port", "abc", "--latency-ms", "-1", "--fault-rate", "1.5",
            "--fault-every", "0", "--seed", "x", "--profile", "7", "--colour", "red", "stray", "--seed", "3", "--profile",
        ]);

        Assert.False(result.Succeeded);
        Assert.Null(result.Options);
        Assert.Collection(
            result.Errors,
            e => Assert.Equal("Option '--http-port' must be an integer from 0 to 65535; got '70000'.", e),
            e => Assert.Equal("Option '--tcp-port' must be an integer from 0 to 65535; got 'abc'.", e),
            e => Assert.Equal("Option '--latency-ms' must be an integer >= 0; got '-1'.", e),
            e => Assert.Equal("Option '--fault-rate' must be a number from 0 to 1; got '1.5'.", e),
            e => Assert.Equal("Option '--fault-every' must be an integer >= 1; got '0'.", e),
            e => Assert.Equal("Option '--seed' must be an integer; got 'x'.", e),
            e => Assert.Equal("Option '--profile' must be one of HighlyCompressible, Compressible, Incompressible; got '7'.", e),
            e => Assert.Equal("Unknown option '--colour'.", e),
            e => Assert.Equal("Unexpected argument 'stray': options start with '--'.", e),
            e => Assert.Equal("Option '--seed' is given more than once.", e),
            e => Assert.Equal("Option '--profile' is given more than once.", e));
    }

    [Fact]
    public void Parse_OptionWithoutValue_ReportsMissingValue()
    {
        var result = StubOptionsParser.Parse(["--latency-ms", "--seed"]);

        Assert.Equal(["Option '--latency-ms' needs a value.", "Option '--seed' needs a value."], result.Errors);
    }

    [Fact]
    public void Parse_SameNonZeroPortTwice_IsAnError_ButTwoZeroPortsAreFine()
    {
        Assert.Equal(
            ["Options '--http-port' and '--tcp-port' use the same port 9000."],
            StubOptionsParser.Parse(["--http-port", "9000", "--tcp-port", "9000"]).Errors);
        Assert.True(StubOptionsParser.Parse(["--http-port", "0", "--tcp-port", "0"]).Succeeded);
    }

    [Theory]
    [InlineData("--fault-rate", "NaN")]
    [InlineData("--fault-rate", "-0.1")]
    [InlineData("--profile", "Fast")]
    [InlineData("--http-port", "1e3")]
    [InlineData("--tcp-max-connections", "0")]
    public void Parse_InvalidValue_IsRejected(string name, string value) =>
        Assert.Single(StubOptionsParser.Parse([name, value]).Errors);

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    public void Parse_Help_IsReportedAndTextListsEveryOption(string flag)
    {
        var result = StubOptionsParser.Parse([flag]);

        Assert.True(result.HelpRequested);
        foreach (var option in new[]
        {
            "--http-port", "--tcp-port", "--latency-ms", "--fault-rate", "--fault-every", "--seed", "--profile", "--help",
            "--host", "--max-message-size", "--address-filter", "--tcp-max-connections",
        })
        {
            Assert.Contains(option, StubOptionsParser.HelpText, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Parse_HostingOptions_AreApplied()
    {
        var result = StubOptionsParser.Parse(["--host", "::1", "--max-message-size=1024", "--address-filter", "exact"]);

        Assert.True(result.Succeeded, string.Join(" | ", result.Errors));
        Assert.Equal("::1", result.Options!.Host);
        Assert.Equal(1024, result.Options.MaxMessageSize);
        Assert.Equal(AddressFilterMode.Exact, result.Options.AddressFilter);
        Assert.Null(result.Options.TcpPort);
    }

    [Fact]
    public void Parse_Defaults_ListenOnLoopbackWith4MiBLimitAndWcfAddressFilter()
    {
        var options = StubOptionsParser.Parse([]).Options!;

        Assert.Equal("127.0.0.1", options.Host);
        Assert.Equal(4 * 1024 * 1024, options.MaxMessageSize);
        Assert.Equal(AddressFilterMode.Default, options.AddressFilter);
        Assert.Null(options.TcpPort);
    }

    [Fact]
    public void Parse_BadHostingOptions_ReportsEach()
    {
        var result = StubOptionsParser.Parse(["--host", "localhost", "--max-message-size", "0", "--address-filter", "1"]);

        Assert.Equal(
            [
                "Option '--host' must be an IP address such as 127.0.0.1 or ::1; got 'localhost'.",
                "Option '--max-message-size' must be an integer >= 1; got '0'.",
                "Option '--address-filter' must be one of Default, Exact, Any; got '1'.",
            ],
            result.Errors);
    }
}
