using SoapRouter.Configuration;
using SoapRouter.Hosting;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class TelemetryValidationTests
{
    [Fact]
    public void Validate_Defaults_TracingOnAtRatioOneNoSoapHeaderNoOtlpTextLogs()
    {
        var telemetry = Valid().Telemetry;

        Assert.Empty(Errors(Valid()));
        Assert.True(telemetry.Tracing.Enabled);
        Assert.Equal(1.0, telemetry.Tracing.SampleRatio);
        Assert.Null(telemetry.Tracing.SoapHeader);
        Assert.Null(telemetry.Otlp.Endpoint);
        Assert.Equal(OtlpProtocols.Grpc, telemetry.Otlp.Protocol);
        Assert.Equal(TelemetryLogFormats.Text, telemetry.LogFormat);
    }

    [Theory]
    [InlineData(-0.1)]
    [InlineData(1.5)]
    [InlineData(double.NaN)]
    public void Validate_SampleRatioOutsideZeroToOne_ReportsIt(double ratio) =>
        AssertSingleError(With(new TelemetryConfig { Tracing = new TracingConfig { SampleRatio = ratio } }), "telemetry.tracing.sampleRatio", "must be from 0 to 1");

    [Theory]
    [InlineData(0.0)]
    [InlineData(0.25)]
    [InlineData(1.0)]
    public void Validate_SampleRatioInRange_IsValid(double ratio) =>
        Assert.Empty(Errors(With(new TelemetryConfig { Tracing = new TracingConfig { SampleRatio = ratio } })));

    [Fact]
    public void Validate_SoapHeaderWithoutName_ReportsIt() =>
        AssertSingleError(
            With(new TelemetryConfig { Tracing = new TracingConfig { SoapHeader = new TraceHeaderConfig { Namespace = "urn:trace" } } }),
            "telemetry.tracing.soapHeader.name", "is required");

    [Fact]
    public void Validate_SoapHeaderNameNotAnXmlName_ReportsIt() =>
        AssertSingleError(
            With(new TelemetryConfig { Tracing = new TracingConfig { SoapHeader = new TraceHeaderConfig { Name = "t:parent" } } }),
            "telemetry.tracing.soapHeader.name", "not an XML local name");

    [Fact]
    public void Validate_SoapHeaderNamespaceNotAUri_ReportsIt() =>
        AssertSingleError(
            With(new TelemetryConfig { Tracing = new TracingConfig { SoapHeader = new TraceHeaderConfig { Name = "traceparent", Namespace = "not a uri" } } }),
            "telemetry.tracing.soapHeader.namespace", "not an absolute URI");

    [Fact]
    public void Validate_SoapHeaderWithNameAndEmptyNamespace_IsValid() =>
        Assert.Empty(Errors(With(new TelemetryConfig { Tracing = new TracingConfig { SoapHeader = new TraceHeaderConfig { Name = "traceparent" } } })));

    [Theory]
    [InlineData("localhost:4317")]
    [InlineData("ftp://collector:4317")]
    [InlineData("/v1/traces")]
    public void Validate_OtlpEndpointNotHttp_ReportsIt(string endpoint) =>
        AssertSingleError(With(new TelemetryConfig { Otlp = new OtlpConfig { Endpoint = endpoint } }), "telemetry.otlp.endpoint", "not an absolute http");

    [Fact]
    public void Validate_UnknownOtlpProtocol_ReportsItWithTheValidOnes() =>
        AssertSingleError(With(new TelemetryConfig { Otlp = new OtlpConfig { Protocol = "thrift" } }), "telemetry.otlp.protocol", "grpc, httpProtobuf");

    [Fact]
    public void Validate_MetricsIntervalUnderASecond_ReportsIt() =>
        AssertSingleError(
            With(new TelemetryConfig { Otlp = new OtlpConfig { MetricsInterval = TimeSpan.FromMilliseconds(10) } }), "telemetry.otlp.metricsInterval", "must be from");

    [Fact]
    public void Validate_UnknownLogFormat_ReportsItWithTheValidOnes() =>
        AssertSingleError(With(new TelemetryConfig { LogFormat = "xml" }), "telemetry.logFormat", "text, json");

    [Fact]
    public void Validate_EveryTelemetryError_ReportedInOnePass()
    {
        var errors = Errors(With(new TelemetryConfig
        {
            LogLevel = "Loud",
            LogFormat = "xml",
            Tracing = new TracingConfig { SampleRatio = 2, SoapHeader = new TraceHeaderConfig() },
            Otlp = new OtlpConfig { Endpoint = "nowhere", Protocol = "udp" },
        }));

        Assert.Equal(6, errors.Count);
    }

    [Fact]
    public void Parse_TelemetryKeys_ReadFromRouterJson()
    {
        var json = WithTelemetry("""
            {
              "logFormat": "json",
              "tracing": { "enabled": false, "sampleRatio": 0.5, "soapHeader": { "name": "traceparent", "namespace": "urn:soaprouter:trace" } },
              "otlp": { "endpoint": "http://collector:4318", "protocol": "httpProtobuf", "metricsInterval": "00:00:30" },
            }
            """);

        var result = RouterConfigLoader.Load(json);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        var telemetry = result.Config!.Telemetry;
        Assert.Equal("json", telemetry.LogFormat);
        Assert.False(telemetry.Tracing.Enabled);
        Assert.Equal(0.5, telemetry.Tracing.SampleRatio);
        Assert.Equal(new TraceHeaderConfig { Name = "traceparent", Namespace = "urn:soaprouter:trace" }, telemetry.Tracing.SoapHeader);
        Assert.Equal("http://collector:4318", telemetry.Otlp.Endpoint);
        Assert.Equal(OtlpProtocols.HttpProtobuf, telemetry.Otlp.Protocol);
        Assert.Equal(TimeSpan.FromSeconds(30), telemetry.Otlp.MetricsInterval);
    }

    [Fact]
    public void Parse_UnknownTracingKey_IsAnError()
    {
        var json = WithTelemetry("""{ "tracing": { "sampleRate": 0.5 } }""");

        Assert.False(RouterConfigLoader.Parse(json).Succeeded);
    }

    [Fact]
    public void UsesOtlp_OnlyWhenTheConfigOrAStandardVariableNamesAnEndpoint()
    {
        Assert.False(TelemetryServices.UsesOtlp(new OtlpConfig(), _ => null));
        Assert.True(TelemetryServices.UsesOtlp(new OtlpConfig { Endpoint = "http://collector:4317" }, _ => null));
        Assert.True(TelemetryServices.UsesOtlp(new OtlpConfig(), name => name == "OTEL_EXPORTER_OTLP_ENDPOINT" ? "http://collector:4317" : null));
        Assert.True(TelemetryServices.UsesOtlp(new OtlpConfig(), name => name == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" ? "http://collector:4318/v1/traces" : null));
    }

    [Fact]
    public void TelemetryRestartSettings_NamesWhatIsReadAtStart_NotWhatFollowsReloads()
    {
        var started = new TelemetryConfig();

        Assert.Null(RouterHost.TelemetryRestartSettings(started, started with { Tracing = new TracingConfig { Enabled = false, SoapHeader = new TraceHeaderConfig { Name = "tp" } } }));
        Assert.Null(RouterHost.TelemetryRestartSettings(started, started with { LogLevel = "Debug" }));
        Assert.Equal(
            "telemetry.otlp, telemetry.tracing.sampleRatio, telemetry.logFormat",
            RouterHost.TelemetryRestartSettings(started, new TelemetryConfig
            {
                Otlp = new OtlpConfig { Endpoint = "http://collector:4317" },
                Tracing = new TracingConfig { SampleRatio = 0.1 },
                LogFormat = TelemetryLogFormats.Json,
            }));
    }

    private static RouterConfig With(TelemetryConfig telemetry) => Valid() with { Telemetry = telemetry };

    private static string WithTelemetry(string telemetry)
    {
        var root = System.Text.Json.Nodes.JsonNode.Parse(ToJson(Valid()))!.AsObject();
        root["telemetry"] = System.Text.Json.Nodes.JsonNode.Parse(
            telemetry, documentOptions: new System.Text.Json.JsonDocumentOptions { AllowTrailingCommas = true });
        return root.ToJsonString();
    }
}
