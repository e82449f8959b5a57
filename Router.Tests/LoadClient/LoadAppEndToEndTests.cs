using System.Text;
using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>The whole client, in-process, against real Kestrel apps on 127.0.0.1 ports the OS picks.</summary>
public sealed class LoadAppEndToEndTests
{
    private static readonly byte[] EchoReply = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\"><s:Body><EchoResponse xmlns=\"http://tempuri.org/\"/></s:Body></s:Envelope>");

    private static readonly byte[] Soap11Fault = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Server</faultcode>" +
        "<faultstring>injected</faultstring></s:Fault></s:Body></s:Envelope>");

    [Fact]
    public async Task Run_Soap12AgainstOkBackend_CountsEveryRequestAndBodyByteAndWritesJson()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "application/soap+xml; charset=utf-8", EchoReply));
        using var directory = new TempDirectory();
        var json = directory.File("results.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/router/soap12"), "--binding", "soap12Http", "--size", "2048",
            "--requests", "20", "--warmup", "3", "--concurrency", "4", "--timeout", "10", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Equal(23, backend.Requests.Count);
        var received = backend.Requests.ToArray();
        var bodyLength = received[0].Body.Length;
        Assert.All(received, r => Assert.Equal(bodyLength, r.Body.Length));
        Assert.All(received, r => Assert.Equal("application/soap+xml; charset=utf-8", r.Header("Content-Type")));
        Assert.All(received, r => Assert.Null(r.Header("SOAPAction")));
        Assert.Equal(23, received.Select(r => DecodedRequest.Read(WireBindings.Soap12Http, r.Body).MessageId).Distinct().Count());

        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(20, root.GetProperty("requests").GetInt64());
        Assert.Equal(20, root.GetProperty("ok").GetInt64());
        Assert.Equal(0, root.GetProperty("faults").GetInt64());
        Assert.Equal(0, root.GetProperty("errors").GetInt64());
        Assert.Equal(20, root.GetProperty("statusCodes").GetProperty("200").GetInt64());
        Assert.Equal(bodyLength, root.GetProperty("requestBodyBytes").GetInt64());
        Assert.Equal(20L * bodyLength, root.GetProperty("bytesSent").GetInt64());
        Assert.Equal(20L * EchoReply.Length, root.GetProperty("bytesReceived").GetInt64());
        Assert.Equal(EchoReply.Length, root.GetProperty("bytesReceivedPerRequest").GetDouble());
        Assert.True(root.GetProperty("uniqueMessageIdPerRequest").GetBoolean());
        Assert.Equal("soap12Http", root.GetProperty("binding").GetString());
        var latency = root.GetProperty("latencyMs");
        Assert.True(latency.GetProperty("p50").GetDouble() > 0);
        Assert.True(latency.GetProperty("max").GetDouble() >= latency.GetProperty("p99").GetDouble());
        Assert.True(root.GetProperty("requestsPerSecond").GetDouble() > 0);
        Assert.True(root.GetProperty("clientCpuMs").GetDouble() >= 0);
        Assert.Contains("20: 20 ok, 0 faults, 0 errors", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_BasicHttpAgainstFaultingBackend_CountsFaultsAndExitsWithOne()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(500, "text/xml; charset=utf-8", Soap11Fault));
        using var directory = new TempDirectory();
        var json = directory.File("faults.json");

        var (exitCode, output, _) = await RunAsync(
            "--url", backend.Address("/router/basic"), "--requests", "12", "--warmup", "2", "--concurrency", "3", "--json", json);

        Assert.Equal(1, exitCode);
        Assert.Equal(14, backend.Requests.Count);
        Assert.All(backend.Requests, r => Assert.Equal("\"" + EchoServiceActions.Echo + "\"", r.Header("SOAPAction")));
        Assert.All(backend.Requests, r => Assert.Equal("text/xml; charset=utf-8", r.Header("Content-Type")));
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(12, root.GetProperty("requests").GetInt64());
        Assert.Equal(0, root.GetProperty("ok").GetInt64());
        Assert.Equal(12, root.GetProperty("faults").GetInt64());
        Assert.Equal(0, root.GetProperty("errors").GetInt64());
        Assert.Equal(12, root.GetProperty("statusCodes").GetProperty("500").GetInt64());
        Assert.Equal(12L * Soap11Fault.Length, root.GetProperty("bytesReceived").GetInt64());
        Assert.False(root.GetProperty("uniqueMessageIdPerRequest").GetBoolean());
        Assert.Contains("12 faults", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_BinarySubmitOrderAgainstOneWayBackend_CountsEmpty202AsSuccess()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(202, null, []));

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/router/binary"), "--binding", "binaryHttp", "--operation", "submitOrder",
            "--to", "http://backend.internal/orders", "--requests", "8", "--warmup", "0");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Equal(8, backend.Requests.Count);
        var request = backend.Requests.First();
        Assert.Equal("application/soap+msbin1", request.Header("Content-Type"));
        var decoded = DecodedRequest.Read(WireBindings.BinaryHttp, request.Body);
        Assert.Equal(new Uri("http://backend.internal/orders"), decoded.To);
        Assert.Equal(OrderServiceActions.SubmitOrder, decoded.Action);
        Assert.Null(decoded.MessageId);
        Assert.IsType<Order>(decoded.Argument);
        Assert.Contains("8: 8 ok", output, StringComparison.Ordinal);
        Assert.Contains("received 0", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_NobodyListening_SaysSoInOneLineBeforeTheRunAndExitsWithOne()
    {
        var url = $"http://127.0.0.1:{FreePort.Unused()}/router";

        var (exitCode, output, error) = await RunAsync("--url", url, "--requests", "5", "--warmup", "0", "--concurrency", "2", "--timeout", "5");

        Assert.Equal(1, exitCode);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains($"error: cannot reach {url}", line, StringComparison.Ordinal);
        Assert.Contains("refused the connection", line, StringComparison.Ordinal);
        Assert.DoesNotContain("requests", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_ForADuration_KeepsSendingUntilTheTimeIsUp()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml", EchoReply));
        using var directory = new TempDirectory();
        var json = directory.File("duration.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/a"), "--duration", "1", "--warmup", "0", "--concurrency", "2", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        Assert.InRange(report.RootElement.GetProperty("wallSeconds").GetDouble(), 1.0, 30.0);
        Assert.Equal(backend.Requests.Count, report.RootElement.GetProperty("requests").GetInt64());
    }

    [Fact]
    public async Task Run_BadArguments_PrintsEveryErrorAndExitsWithTwo()
    {
        var (exitCode, output, error) = await RunAsync("--url", "http://192.0.2.1/", "--concurrency", "0", "--bogus");

        Assert.Equal(2, exitCode);
        Assert.Empty(output);
        Assert.Contains("error: Option '--url' names '192.0.2.1', which is not a loopback host", error, StringComparison.Ordinal);
        Assert.Contains("error: Option '--concurrency' must be", error, StringComparison.Ordinal);
        Assert.Contains("error: Unrecognized command or argument '--bogus'.", error, StringComparison.Ordinal);
        Assert.Contains("Usage:", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_Help_PrintsUsageAndExitsWithZero()
    {
        var (exitCode, output, _) = await RunAsync("--help");

        Assert.Equal(0, exitCode);
        Assert.Contains("--allow-remote", output, StringComparison.Ordinal);
    }
}
