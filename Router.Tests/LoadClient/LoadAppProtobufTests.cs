using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>--serializer protobuf: seed 003's protobuf-net payloads, in both client modes, against the real stub.</summary>
public sealed class LoadAppProtobufTests
{
    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "raw", "getOrders")]
    [InlineData(WireBindingNames.BinaryHttp, "raw", "echo")]
    [InlineData(WireBindingNames.Soap12Http, "wcf", "getOrders")]
    [InlineData(WireBindingNames.BinaryHttp, "wcf", "echo")]
    public async Task Run_Protobuf_CallsIProtoOrderService_AndEveryReplyIsOk(string bindingName, string client, string operation)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        using var directory = new TempDirectory();
        var json = directory.File("run.json");
        string[] sizing = operation == "echo" ? ["--size", "20000"] : ["--orders", "25"];

        var (exitCode, output, error) = await RunAsync(
            ["--client", client, "--url", stub.Address(binding).AbsoluteUri, "--binding", bindingName, "--operation", operation, "--serializer", "protobuf",
             .. sizing, "--requests", "8", "--warmup", "1", "--concurrency", "2", "--json", json]);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var stats = await stub.StatsAsync();
        var action = operation == "echo" ? ProtoOrderServiceActions.EchoProto : ProtoOrderServiceActions.GetOrdersProto;
        Assert.Equal(9, stats.Actions[action]);
        Assert.Equal(0, stats.FaultsReturned);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        Assert.Equal("protobuf", report.RootElement.GetProperty("serializer").GetString());
        Assert.Equal(action, report.RootElement.GetProperty("action").GetString());
        Assert.Equal(8, report.RootElement.GetProperty("ok").GetInt64());
        if (client == "raw" && operation == "echo")
        {
            // msbin1 carries the bytes raw: the request body is the protobuf payload and little more.
            Assert.InRange(report.RootElement.GetProperty("requestBodyBytes").GetInt64(), 20_000, 25_000);
        }
    }

    [Theory]
    [InlineData("--operation", "submitOrder")]
    [InlineData("--size-distribution", "seed")]
    public async Task Run_ProtobufWithoutAProtobufForm_IsABadArgument(string option, string value)
    {
        var (exitCode, _, error) = await RunAsync(["--url", "http://127.0.0.1:1/x", "--serializer", "protobuf", option, value]);

        Assert.Equal(2, exitCode);
        Assert.Contains("--serializer protobuf", error, StringComparison.Ordinal);
    }
}
