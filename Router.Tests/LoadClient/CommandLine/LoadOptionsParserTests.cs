using Samples.Payloads;
using LoadClient.CommandLine;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.LoadClient.CommandLine;

public sealed class LoadOptionsParserTests
{
    private const string Url = "http://127.0.0.1:8080/router/soap12";

    [Fact]
    public void Parse_OnlyUrl_ReturnsDefaults()
    {
        var result = LoadOptionsParser.Parse(["--url", Url]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        var options = result.Options!;
        Assert.Equal(new Uri(Url), options.Url);
        Assert.Equal(new Uri(Url), options.To);
        Assert.Equal(LoadClientMode.Raw, options.Client);
        Assert.Same(WireBindings.BasicHttp, options.Binding);
        Assert.Equal(LoadOperation.Echo, options.Operation);
        Assert.Equal(1024, options.EchoSize);
        Assert.Equal(PayloadProfile.Compressible, options.Profile);
        Assert.Equal(4, options.Concurrency);
        Assert.Equal(200, options.Requests);
        Assert.Null(options.Duration);
        Assert.Equal(10, options.Warmup);
        Assert.Equal(TimeSpan.FromSeconds(30), options.Timeout);
        Assert.Null(options.JsonPath);
        Assert.False(options.AllowRemote);
    }

    [Fact]
    public void Parse_EveryOption_InBothForms_IsApplied()
    {
        using var directory = new Support.TempDirectory();
        var json = directory.File("out.json");

        var result = LoadOptionsParser.Parse(
        [
            "--url=" + Url, "--binding", "BINARYHTTP", "--operation=getOrders", "--orders", "25", "--profile", "incompressible",
            "--to", "http://backend.internal/orders", "--concurrency=16", "--duration", "2.5", "--warmup", "0",
            "--timeout", "0.5", "--json", json,
        ]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        var options = result.Options!;
        Assert.Same(WireBindings.BinaryHttp, options.Binding);
        Assert.Equal(LoadOperation.GetOrders, options.Operation);
        Assert.Equal(25, options.OrderCount);
        Assert.Equal(PayloadProfile.Incompressible, options.Profile);
        Assert.Equal(new Uri("http://backend.internal/orders"), options.To);
        Assert.Equal(16, options.Concurrency);
        Assert.Equal(TimeSpan.FromSeconds(2.5), options.Duration);
        Assert.Equal(0, options.Warmup);
        Assert.Equal(TimeSpan.FromMilliseconds(500), options.Timeout);
        Assert.Equal(json, options.JsonPath);
    }

    [Fact]
    public void Parse_ManyMistakes_ReportsEveryErrorAtOnce()
    {
        var result = LoadOptionsParser.Parse(
        [
            "--client", "grpc", "--binding", "wsHttp", "--operation", "7", "--size", "0", "--orders", "5", "--profile", "zip", "--concurrency", "0",
            "--requests", "10", "--duration", "601", "--warmup", "-1", "--timeout", "NaN", "--json", "/no/such/dir/out.json",
            "--to", "not a uri", "--bogus", "x", "stray", "--concurrency", "2",
        ]);

        Assert.False(result.Succeeded);
        Assert.Null(result.Options);
        string[] expected =
        [
            "'--binding' must be one of basicHttp, soap12Http, binaryHttp, netTcp; got 'wsHttp'",
            "'--client' must be one of raw, wcf; got 'grpc'",
            "'--operation' must be one of echo, getOrders, submitOrder, subscribe; got '7'",
            "'--size' must be an integer from 1 to 67108864; got '0'",
            "'--profile' must be one of simple, medium, complex; got 'zip'",
            "'--to' must be an absolute URI; got 'not a uri'",
            // Given twice, --concurrency is reported for that (by System.CommandLine) rather than for either value.
            "'--duration' must be a number of seconds from 1 to 600; got '601'",
            "'--warmup' must be an integer >= 0; got '-1'",
            "'--timeout' must be a number of seconds from 0.001 to 3600; got 'NaN'",
            "Option '--url' is required.",
            "'--requests' and '--duration' cannot be combined",
            "'--json' must name a file in an existing directory",
            "Unrecognized command or argument '--bogus'.",
            "Unrecognized command or argument 'x'.",
            "Unrecognized command or argument 'stray'.",
            "Option '--concurrency' expects a single argument but 2 were provided.",
        ];
        foreach (var fragment in expected)
        {
            Assert.Contains(result.Errors, e => e.Contains(fragment, StringComparison.Ordinal));
        }

        // --orders with an unreadable --operation is not reported again as not fitting the operation.
        Assert.Equal(expected.Length, result.Errors.Count);
    }

    [Theory]
    [InlineData("http://10.0.0.5:8080/router")]
    [InlineData("http://example.com/router")]
    [InlineData("http://[2001:db8::1]:8080/")]
    [InlineData("http://0.0.0.0:8080/")]
    public void Parse_RemoteHost_IsRefusedWithoutAllowRemote(string url)
    {
        var refused = LoadOptionsParser.Parse(["--url", url]);
        var allowed = LoadOptionsParser.Parse(["--url", url, "--allow-remote"]);

        var error = Assert.Single(refused.Errors);
        Assert.Contains("not a loopback host", error, StringComparison.Ordinal);
        Assert.Contains("--allow-remote", error, StringComparison.Ordinal);
        Assert.True(allowed.Succeeded, string.Join("; ", allowed.Errors));
        Assert.True(allowed.Options!.AllowRemote);
    }

    [Theory]
    [InlineData("http://127.0.0.1:8080/router")]
    [InlineData("http://127.8.9.10/")]
    [InlineData("http://localhost:5000/a")]
    [InlineData("https://LOCALHOST/a")]
    [InlineData("http://[::1]:8080/a")]
    [InlineData("http://[::ffff:127.0.0.1]:8080/a")]
    public void Parse_LoopbackHost_IsAccepted(string url) =>
        Assert.True(LoadOptionsParser.Parse(["--url", url]).Succeeded);

    [Theory]
    [InlineData("ftp://127.0.0.1/x")]
    [InlineData("/relative/path")]
    public void Parse_UrlOfAnotherScheme_IsAnError(string url)
    {
        var error = Assert.Single(LoadOptionsParser.Parse(["--url", url]).Errors);

        Assert.Contains("absolute http, https or net.tcp URL", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_WcfClientOnNetTcp_IsAccepted()
    {
        var result = LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--url", "net.tcp://127.0.0.1:8808/router", "--to", "net.tcp://backend/x"]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        Assert.Equal(LoadClientMode.Wcf, result.Options!.Client);
        Assert.Same(WireBindings.NetTcp, result.Options.Binding);
        Assert.Equal(new Uri("net.tcp://backend/x"), result.Options.To);
    }

    [Theory]
    [InlineData("raw", "netTcp", "net.tcp://127.0.0.1:8808/r", "Binding 'netTcp' is spoken by the WCF client only: add '--client wcf'")]
    [InlineData("wcf", "netTcp", "http://127.0.0.1:8808/r", "'--url' must be a net.tcp URL for binding 'netTcp'")]
    [InlineData("wcf", "soap12Http", "net.tcp://127.0.0.1:8808/r", "'--url' must be an http or https URL for binding 'soap12Http'")]
    public void Parse_ClientBindingAndSchemeThatDoNotFit_IsAnError(string client, string binding, string url, string expected)
    {
        var error = Assert.Single(LoadOptionsParser.Parse(["--client", client, "--binding", binding, "--url", url]).Errors);

        Assert.Contains(expected, error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_TcpBuffer_AppliesToNetTcpOnly_AndDefaultsTo64KB()
    {
        var netTcp = LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--url", "net.tcp://127.0.0.1:8808/r", "--tcp-buffer", "8192"]);
        var defaulted = LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--url", "net.tcp://127.0.0.1:8808/r"]);
        var http = LoadOptionsParser.Parse(["--url", Url, "--tcp-buffer", "8192"]);
        var tooSmall = LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--url", "net.tcp://127.0.0.1:8808/r", "--tcp-buffer", "10"]);

        Assert.Equal(8192, netTcp.Options!.TcpBuffer);
        Assert.Equal(65536, defaulted.Options!.TcpBuffer);
        Assert.Contains("'--tcp-buffer' applies to netTcp only", Assert.Single(http.Errors), StringComparison.Ordinal);
        Assert.False(tooSmall.Succeeded);
    }

    [Fact]
    public void Parse_RemoteNetTcpHost_IsRefusedWithoutAllowRemote()
    {
        var error = Assert.Single(LoadOptionsParser.Parse(["--client", "wcf", "--binding", "netTcp", "--url", "net.tcp://10.1.2.3:8808/r"]).Errors);

        Assert.Contains("not a loopback host", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_SubmitOrderWithSize_SizesTheOrder_AndWithoutItKeepsTheNominalOne()
    {
        var sized = LoadOptionsParser.Parse(["--url", Url, "--operation", "submitOrder", "--size", "153600"]);
        var nominal = LoadOptionsParser.Parse(["--url", Url, "--operation", "submitOrder"]);

        Assert.Empty(sized.Errors);
        Assert.Equal((153600, null), (sized.Options!.OrderSize, nominal.Options!.OrderSize));
    }

    [Fact]
    public void Parse_OptionsThatDoNotFitTheOperationOrBinding_AreErrors()
    {
        var result = LoadOptionsParser.Parse(["--url", Url, "--operation", "getOrders", "--size", "10", "--to", "http://x/"]);

        Assert.Equal(2, result.Errors.Count);
        Assert.Contains(result.Errors, e => e.Contains("'--size' applies to '--operation echo' and 'submitOrder' only", StringComparison.Ordinal));
        Assert.Contains(result.Errors, e => e.Contains("'--to' applies to soap12Http, binaryHttp and netTcp only", StringComparison.Ordinal));
    }

    [Fact]
    public void Parse_ValueOptionWithoutValue_AndFlagWithValue_AreErrors()
    {
        var result = LoadOptionsParser.Parse(["--url", Url, "--allow-remote=yes", "--json"]);

        Assert.Equal(2, result.Errors.Count);
        Assert.Contains(result.Errors, e => e.Contains("'yes'", StringComparison.Ordinal));
        Assert.Contains(result.Errors, e => e.Contains("'--json'", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    [InlineData("-?")]
    public void Parse_Help_IsReportedWithoutOtherRequirements(string help)
    {
        var result = LoadOptionsParser.Parse([help]);

        Assert.True(result.HelpRequested);
        Assert.Empty(result.Errors);
    }

    [Fact]
    public void WriteHelp_ListsEveryOptionWithItsDefault_AndTheExitCodes()
    {
        using var text = new StringWriter();

        LoadOptionsParser.WriteHelp(text);

        var help = text.ToString();
        foreach (var option in new[]
        {
            "--url", "--client", "--binding", "--operation", "--size", "--size-distribution", "--orders", "--profile", "--to",
            "--concurrency", "--requests", "--duration", "--rate", "--warmup", "--timeout", "--json", "--tcp-buffer",
            "--admin-url", "--quiet", "--allow-remote", "--tls", "--ca", "--client-cert", "--client-key", "--server-name",
        })
        {
            Assert.Contains(option + " ", help, StringComparison.Ordinal);
        }

        Assert.Contains("[default: raw]", help, StringComparison.Ordinal);
        Assert.Contains("[default: medium]", help, StringComparison.Ordinal);
        Assert.Contains("Exit code: 0", help, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("simple", PayloadProfile.HighlyCompressible)]
    [InlineData("MEDIUM", PayloadProfile.Compressible)]
    [InlineData("complex", PayloadProfile.Incompressible)]
    [InlineData("highlyCompressible", PayloadProfile.HighlyCompressible)]
    [InlineData("compressible", PayloadProfile.Compressible)]
    [InlineData("Incompressible", PayloadProfile.Incompressible)]
    public void Parse_ProfileNamesAndTheirOldAliases_MapToSamplesProfiles(string name, PayloadProfile expected) =>
        Assert.Equal(expected, LoadOptionsParser.Parse(["--url", Url, "--profile", name]).Options!.Profile);

    [Fact]
    public void Parse_RateSizeDistributionQuietAndAdminUrl_AreApplied()
    {
        var result = LoadOptionsParser.Parse(
            ["--url", Url, "--rate", "250.5", "--size-distribution", "seed", "--quiet", "--admin-url", "http://127.0.0.1:9901"]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        var options = result.Options!;
        Assert.Equal(250.5, options.Rate);
        Assert.Equal(global::LoadClient.Payloads.SizeDistribution.Seed, options.SizeDistribution);
        Assert.True(options.Quiet);
        Assert.Equal(new Uri("http://127.0.0.1:9901"), options.AdminUrl);
    }

    [Fact]
    public void Parse_NewOptionsDefaults_AreClosedModelFixedSizeAndNoAdmin()
    {
        var options = LoadOptionsParser.Parse(["--url", Url]).Options!;

        Assert.Null(options.Rate);
        Assert.Equal(global::LoadClient.Payloads.SizeDistribution.Fixed, options.SizeDistribution);
        Assert.False(options.Quiet);
        Assert.Null(options.AdminUrl);
    }

    [Theory]
    [InlineData(new[] { "--rate", "0" }, "'--rate' must be a number from 0.1 to 1000000; got '0'")]
    [InlineData(new[] { "--rate", "fast" }, "'--rate' must be a number from 0.1 to 1000000; got 'fast'")]
    [InlineData(new[] { "--size-distribution", "zipf" }, "'--size-distribution' must be one of fixed, seed; got 'zipf'")]
    [InlineData(new[] { "--size-distribution", "seed", "--size", "100" }, "'--size' and '--size-distribution seed' cannot be combined")]
    [InlineData(new[] { "--size-distribution", "seed", "--operation", "getOrders" }, "'--size-distribution' applies to '--operation echo' only")]
    [InlineData(new[] { "--admin-url", "net.tcp://127.0.0.1:1/" }, "'--admin-url' must be an absolute http or https URL")]
    [InlineData(new[] { "--admin-url", "http://10.0.0.1:9901" }, "'--admin-url' names '10.0.0.1', which is not a loopback host")]
    public void Parse_BadNewOptions_AreErrors(string[] args, string expected)
    {
        var error = Assert.Single(LoadOptionsParser.Parse(["--url", Url, .. args]).Errors);

        Assert.Contains(expected, error, StringComparison.Ordinal);
    }
}
