using BackendStub.Hosting;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// --record-acks against a stub with --record-oneway: every one-way order LoadClient saw acknowledged carries an id of
/// its own, and the two files hold the same ids, in the raw and the WCF mode.
/// </summary>
public sealed class LoadAppRecordAcksTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    [Theory]
    [InlineData("raw", "basicHttp")]
    [InlineData("raw", "binaryHttp")]
    [InlineData("wcf", "soap12Http")]
    public async Task RecordAcks_EveryAcknowledgedOrderHasItsOwnId_AndIsTheStubsRecord(string client, string binding)
    {
        var received = _directory.File($"received-{client}-{binding}.txt");
        var acknowledged = _directory.File($"acked-{client}-{binding}.txt");
        await using var stub = await RunningStub.StartAsync(new StubOptions { RecordOneWayPath = received });
        var url = stub.Address(WireBindings.All.Single(b => b.Name == binding)).AbsoluteUri;

        var (exitCode, output, error) = await LoadAppRun.RunAsync(
            "--url", url, "--client", client, "--binding", binding, "--operation", "submitOrder",
            "--requests", "40", "--warmup", "3", "--concurrency", "4", "--quiet", "--record-acks", acknowledged);
        await stub.DisposeAsync();

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var acks = await File.ReadAllLinesAsync(acknowledged);
        Assert.Equal(43, acks.Length);
        Assert.Equal(43, acks.Distinct(StringComparer.Ordinal).Count());
        Assert.All(acks, id => Assert.True(Guid.TryParseExact(id, "D", out _), id));
        Assert.Equal(acks.Order(StringComparer.Ordinal), (await File.ReadAllLinesAsync(received)).Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("--operation", "echo", "Option '--record-acks' applies to '--operation submitOrder' only")]
    [InlineData("--compression", "always", "Option '--record-acks' needs '--compression none'")]
    public async Task RecordAcks_WithAnotherOperationOrCompression_IsABadArgument(string option, string value, string message)
    {
        string[] operation = option == "--operation" ? [] : ["--operation", "submitOrder"];
        var (exitCode, _, error) = await LoadAppRun.RunAsync(
            ["--url", "http://127.0.0.1:9/basic", .. operation, option, value, "--record-acks", _directory.File("acks.txt")]);

        Assert.Equal(2, exitCode);
        Assert.Contains(message, error, StringComparison.Ordinal);
    }

    public void Dispose() => _directory.Dispose();
}
