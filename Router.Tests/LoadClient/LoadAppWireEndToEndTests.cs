using System.Text.Json;
using global::LoadClient;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// Both client modes, in-process, against a Kestrel service that reads every request with the Wire codec (WCF's own
/// encoders) and answers with codec-written replies and faults.
/// </summary>
public sealed class LoadAppWireEndToEndTests
{
    private const string UuidPattern = "^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "raw")]
    [InlineData(WireBindingNames.Soap12Http, "raw")]
    [InlineData(WireBindingNames.BinaryHttp, "raw")]
    [InlineData(WireBindingNames.BasicHttp, "wcf")]
    [InlineData(WireBindingNames.Soap12Http, "wcf")]
    [InlineData(WireBindingNames.BinaryHttp, "wcf")]
    public async Task Run_EchoAgainstAWireService_EveryRequestReadsBackAndEveryReplyIsOk(string bindingName, string client)
    {
        var binding = WireBindings.Get(bindingName);
        var service = new WireResponder(binding);
        await using var backend = await RecordingBackend.StartAsync(service.Respond);
        using var directory = new TempDirectory();
        var json = directory.File("run.json");
        var url = backend.Address("/svc/" + bindingName);

        var (exitCode, output, error) = await RunAsync(
            "--client", client, "--url", url, "--binding", bindingName, "--size", "3000",
            "--requests", "12", "--warmup", "2", "--concurrency", "3", "--timeout", "20", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Empty(service.Refused);
        var requests = service.Decoded.ToArray();
        Assert.Equal(14, requests.Length);
        Assert.All(requests, r => Assert.Equal("Echo", r.Operation));
        var expected = new PayloadGenerator(PayloadProfile.Compressible, 1)
            .CreateEcho(3000, binding.IsBinary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml);
        Assert.All(requests, r => Assert.Equal(expected.Blob, Assert.IsType<EchoPayload>(r.Argument).Blob));
        Assert.All(requests, r => Assert.Equal(expected.Text, ((EchoPayload)r.Argument!).Text));
        if (binding.UsesAddressing)
        {
            Assert.All(requests, r => Assert.Equal(EchoServiceActions.Echo, r.Action));
            Assert.All(requests, r => Assert.Equal(new Uri(url), r.To));
            Assert.All(requests, r => Assert.Equal(true, r.ReplyToAnonymous));
            Assert.All(requests, r => Assert.Matches(UuidPattern, r.MessageId));
            Assert.Equal(requests.Length, requests.Select(r => r.MessageId).Distinct().Count());
        }
        else
        {
            Assert.All(requests, r => Assert.Null(r.MessageId));
            Assert.All(backend.Requests, r => Assert.Equal("\"" + EchoServiceActions.Echo + "\"", r.Header("SOAPAction")));
        }

        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(client, root.GetProperty("client").GetString());
        Assert.Equal(bindingName, root.GetProperty("binding").GetString());
        Assert.Equal(12, root.GetProperty("requests").GetInt64());
        Assert.Equal(12, root.GetProperty("ok").GetInt64());
        Assert.Equal(0, root.GetProperty("errors").GetInt64());
        Assert.Equal(binding.UsesAddressing, root.GetProperty("uniqueMessageIdPerRequest").GetBoolean());
        Assert.True(root.GetProperty("latencyMs").GetProperty("p50").GetDouble() > 0);
        if (client == "raw")
        {
            Assert.Equal(12, root.GetProperty("statusCodes").GetProperty("200").GetInt64());
            Assert.Equal(12L * backend.Requests.First().Body.Length, root.GetProperty("bytesSent").GetInt64());
            Assert.True(root.GetProperty("bytesReceived").GetInt64() > 12L * 3000);
            Assert.Equal(JsonValueKind.Null, root.GetProperty("communicationErrors").ValueKind);
        }
        else
        {
            // The WCF client hides the wire: what it did not see is reported as unknown, not as zero.
            foreach (var unseen in new[] { "statusCodes", "requestBodyBytes", "bytesSent", "bytesReceived", "bytesSentPerRequest", "bytesReceivedPerRequest", "httpErrors", "transportErrors" })
            {
                Assert.Equal(JsonValueKind.Null, root.GetProperty(unseen).ValueKind);
            }

            Assert.Equal(0, root.GetProperty("communicationErrors").GetInt64());
            Assert.Contains("bytes          not measured", output, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task Run_WcfGetOrdersWithTo_AddressesTheMessageToTheLogicalAddressAndConnectsToTheUrl(string bindingName)
    {
        var service = new WireResponder(WireBindings.Get(bindingName));
        await using var backend = await RecordingBackend.StartAsync(service.Respond);

        var (exitCode, output, error) = await RunAsync(
            "--client", "wcf", "--url", backend.Address("/router/orders"), "--binding", bindingName, "--operation", "getOrders",
            "--orders", "7", "--to", "http://backend.internal/orders", "--requests", "5", "--warmup", "0", "--concurrency", "2");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Empty(service.Refused);
        Assert.Equal(5, service.Decoded.Count);
        Assert.All(backend.Requests, r => Assert.Equal("/router/orders", r.Path));
        Assert.All(service.Decoded, r => Assert.Equal(new Uri("http://backend.internal/orders"), r.To));
        Assert.All(service.Decoded, r => Assert.Equal(OrderServiceActions.GetOrders, r.Action));
        Assert.All(service.Decoded, r => Assert.Equal(7, r.Argument));
        Assert.Contains("5: 5 ok, 0 faults, 0 errors", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task Run_WcfSubmitOrder_OneWayCallsSucceedOnTheEmpty202(string bindingName)
    {
        var service = new WireResponder(WireBindings.Get(bindingName));
        await using var backend = await RecordingBackend.StartAsync(service.Respond);

        var (exitCode, output, error) = await RunAsync(
            "--client", "wcf", "--url", backend.Address("/orders"), "--binding", bindingName, "--operation", "submitOrder",
            "--requests", "6", "--warmup", "1");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Equal(7, service.Decoded.Count);
        Assert.All(service.Decoded, r => Assert.IsType<Order>(r.Argument));
        Assert.All(service.Decoded, r => Assert.Null(r.MessageId));
        Assert.Contains("6: 6 ok", output, StringComparison.Ordinal);
        Assert.Contains("none in this message", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "raw")]
    [InlineData(WireBindingNames.Soap12Http, "raw")]
    [InlineData(WireBindingNames.BasicHttp, "wcf")]
    [InlineData(WireBindingNames.Soap12Http, "wcf")]
    [InlineData(WireBindingNames.BinaryHttp, "wcf")]
    public async Task Run_AgainstAFaultingService_CountsFaultsNotErrors(string bindingName, string client)
    {
        var service = new WireResponder(WireBindings.Get(bindingName), fault: true);
        await using var backend = await RecordingBackend.StartAsync(service.Respond);

        var (exitCode, output, _) = await RunAsync(
            "--client", client, "--url", backend.Address("/svc"), "--binding", bindingName,
            "--requests", "8", "--warmup", "0", "--concurrency", "2");

        Assert.Equal(1, exitCode);
        Assert.Equal(8, service.Decoded.Count);
        Assert.Contains("8: 0 ok, 8 faults, 0 errors", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_WcfAgainstAStallingService_CountsTimeouts()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        using var directory = new TempDirectory();
        var json = directory.File("timeouts.json");

        var (exitCode, output, error) = await RunAsync(
            "--client", "wcf", "--url", backend.Address("/slow"), "--binding", "soap12Http",
            "--requests", "3", "--warmup", "0", "--concurrency", "3", "--timeout", "0.5", "--json", json);

        ExitCodeAssert.Equal(1, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(3, root.GetProperty("timeouts").GetInt64());
        Assert.Equal(3, root.GetProperty("errors").GetInt64());
        Assert.Equal(3, root.GetProperty("errorTypes").GetProperty(nameof(TimeoutException)).GetInt64());
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "http")]
    [InlineData(WireBindingNames.NetTcp, "net.tcp")]
    public async Task Run_WcfToARefusedPort_SaysSoInOneLineBeforeTheRunAndExitsWithOne(string bindingName, string scheme)
    {
        var url = $"{scheme}://127.0.0.1:{FreePort.Unused()}/svc";

        var (exitCode, output, error) = await RunAsync(
            "--client", "wcf", "--url", url, "--binding", bindingName, "--requests", "4", "--warmup", "0", "--concurrency", "2", "--timeout", "10");

        Assert.Equal(1, exitCode);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains($"error: cannot reach {url}", line, StringComparison.Ordinal);
        Assert.Contains("refused the connection", line, StringComparison.Ordinal);
        Assert.DoesNotContain("requests", output, StringComparison.Ordinal);
    }

    [Fact]
    public void WcfErrorType_NamesTheSocketCauseInsideTheException()
    {
        var refused = new System.ServiceModel.CommunicationException(
            "refused", new HttpRequestException("refused", new System.Net.Sockets.SocketException((int)System.Net.Sockets.SocketError.ConnectionRefused)));

        Assert.Equal("CommunicationException(SocketException:ConnectionRefused)", global::LoadClient.Wcf.WcfOutcomes.ErrorType(refused));
    }

    [Fact]
    public async Task Run_WcfStoppedWhileCallsHang_AbortsTheChannelsAndStillReports()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        using var stop = new CancellationTokenSource();
        using var output = new StringWriter();
        using var error = new StringWriter();

        var run = LoadApp.RunAsync(
            ["--client", "wcf", "--url", backend.Address("/slow"), "--requests", "10", "--warmup", "0", "--concurrency", "2", "--timeout", "60"],
            output, error, stop.Token);
        while (backend.Requests.Count < 2)
        {
            await Task.Delay(20);
        }

        await stop.CancelAsync();
        var exitCode = await run.WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal(1, exitCode);
        Assert.Contains("(stopped early)", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("requests       0: 0 ok, 0 faults, 0 errors", output.ToString(), StringComparison.Ordinal);
    }
}
