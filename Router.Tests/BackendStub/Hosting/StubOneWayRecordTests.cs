using System.Net;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Delivery;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>
/// --record-oneway: the real stub process appends the OrderId of every one-way order it accepted, before the 202, and a
/// SIGKILL right after loses none of them (what a chaos run needs to count acknowledged-but-lost messages exactly).
/// </summary>
public sealed class StubOneWayRecordTests : IDisposable
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);
    private readonly TempDirectory _directory = new();

    [Fact]
    public async Task RecordOneWay_StubKilledAfterTheAcknowledgements_EveryAcknowledgedIdIsOnFile()
    {
        var record = _directory.File("received.txt");
        using var stub = StubProcess.Start("--http-port", "0", "--record-oneway", record);
        var endpoints = await stub.WaitForEndpointsAsync(ProcessTimeout);
        var basic = endpoints.Single(e => e.Name == "basicHttp").Address;
        var soap12 = endpoints.Single(e => e.Name == "soap12").Address;
        using var client = new HttpClient();

        var acknowledged = new List<string>();
        for (var i = 0; i < 40; i++)
        {
            var id = Guid.NewGuid();
            var address = i % 2 == 0 ? basic : soap12;
            var binding = i % 2 == 0 ? WireBindings.BasicHttp : WireBindings.Soap12Http;
            var reply = await client.SendAsync(address, StubEnvelopes.SubmitOrder(binding, new Order { CustomerId = i, OrderId = id.ToString() }, address));
            Assert.Equal(HttpStatusCode.Accepted, reply.StatusCode);
            acknowledged.Add(id.ToString("D"));
        }

        // An order without an id, and one whose id is not a GUID: accepted and recorded as such, not as their text.
        Assert.Equal(HttpStatusCode.Accepted, (await client.SendAsync(basic, StubEnvelopes.SubmitOrder(WireBindings.BasicHttp, new Order { CustomerId = 98 }))).StatusCode);
        Assert.Equal(HttpStatusCode.Accepted, (await client.SendAsync(basic, StubEnvelopes.SubmitOrder(WireBindings.BasicHttp, new Order { CustomerId = 99, OrderId = "x\ny" }))).StatusCode);

        stub.Kill();
        await stub.WaitForExitAsync(ProcessTimeout);

        var lines = await File.ReadAllLinesAsync(record);
        Assert.Equal([.. acknowledged, DeliveryRecord.NoId, DeliveryRecord.NoId], lines);
    }

    [Fact]
    public void Parse_RecordOneWayInAMissingDirectory_IsReported()
    {
        var parsed = StubOptionsParser.Parse(["--record-oneway", _directory.File("missing/received.txt")]);

        Assert.False(parsed.Succeeded);
        Assert.Contains(parsed.Errors, error => error.StartsWith("Option '--record-oneway' must name a file in an existing directory", StringComparison.Ordinal));
    }

    public void Dispose() => _directory.Dispose();
}
