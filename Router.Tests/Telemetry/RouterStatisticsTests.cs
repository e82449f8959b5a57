using System.Text.Json;
using SoapRouter.Telemetry;

namespace SoapRouter.Tests.Telemetry;

public sealed class RouterStatisticsTests
{
    [Fact]
    public void Record_UnderConcurrency_CountersSumExactly()
    {
        var statistics = new RouterStatistics();
        const int Messages = 40_000;

        Parallel.For(0, Messages, new ParallelOptions { MaxDegreeOfParallelism = 8 }, i =>
        {
            var path = i % 2 == 0 ? ForwardingPath.Verbatim : ForwardingPath.Reencoded;
            statistics.RecordMessage(path, oneWay: i % 4 == 0, bytesIn: 10, bytesOut: 3);
            statistics.Route(i % 2 == 0 ? "orders" : "echo").Record(bytesIn: 10, bytesOut: 3);
            statistics.Destination("d" + (i % 5)).Record(bytesIn: 3, bytesOut: 10, failed: i % 10 == 0);
            if (i % 8 == 0)
            {
                statistics.RecordFault(FaultKind.BackendUnavailable);
            }
        });
        var snapshot = statistics.Snapshot();

        Assert.Equal(Messages, snapshot.Messages);
        Assert.Equal(Messages / 4, snapshot.OneWay);
        Assert.Equal(Messages - (Messages / 4), snapshot.RequestReply);
        Assert.Equal(Messages * 10L, snapshot.BytesIn);
        Assert.Equal(Messages * 3L, snapshot.BytesOut);
        Assert.Equal(Messages / 2, snapshot.Paths.Verbatim.Messages);
        Assert.Equal(Messages / 2, snapshot.Paths.Reencoded.Messages);
        Assert.Equal(Messages * 5L, snapshot.Paths.Verbatim.BytesIn);
        Assert.Equal(Messages / 2, snapshot.Routes["orders"].Messages);
        Assert.Equal(5, snapshot.Destinations.Count);
        Assert.All(snapshot.Destinations.Values, destination =>
        {
            Assert.Equal(Messages / 5, destination.Messages);
            Assert.Equal(Messages / 5 * 10L, destination.BytesOut);
        });
        Assert.Equal(Messages / 10, SumFailures(snapshot.Destinations));
        Assert.Equal(Messages / 8, snapshot.Faults.BackendUnavailable);
        Assert.Equal(0, snapshot.Faults.NoRoute);
    }

    [Fact]
    public void Route_SameName_ReturnsTheSameCounters()
    {
        var statistics = new RouterStatistics();

        Assert.Same(statistics.Route("orders"), statistics.Route("orders"));
        Assert.Same(statistics.Destination("d1"), statistics.Destination("d1"));
        Assert.NotSame(statistics.Route("x"), statistics.Destination("x"));
    }

    [Fact]
    public void Snapshot_SerializesToTheExpectedCamelCaseJson()
    {
        var statistics = new RouterStatistics();
        statistics.RecordMessage(ForwardingPath.Verbatim, oneWay: false, bytesIn: 100, bytesOut: 200);
        statistics.RecordMessage(null, oneWay: true, bytesIn: 7, bytesOut: 0, failed: true);
        statistics.RecordFault(FaultKind.NoRoute);
        statistics.Route("orders").Record(100, 200);
        statistics.Destination("backend-1").Record(200, 100);
        statistics.RecordFault(FaultKind.SlowClient);
        var connections = statistics.Connections("basic,soap12", 2);
        Assert.True(connections.TryOpen());
        Assert.True(connections.TryOpen());
        Assert.False(connections.TryOpen());
        connections.Rejected(now: 5);
        connections.Closed();
        connections.AcceptFailed(now: 6);
        statistics.RecordFault(FaultKind.TlsHandshake);
        statistics.Tls.RecordHandshakeFailure("timeout");
        statistics.Tls.RecordHandshake();
        statistics.Tls.RecordDestinationHandshake("backend-1");

        var node = System.Text.Json.Nodes.JsonNode.Parse(JsonSerializer.Serialize(statistics.Snapshot(), TelemetryJsonContext.Default.StatisticsSnapshot))!.AsObject();

        // The process figures move on their own; they are there, and the rest is exactly as counted.
        var process = node["process"]!.AsObject();
        Assert.True(process["allocatedBytes"]!.GetValue<long>() > 0);
        Assert.True(process["workingSetBytes"]!.GetValue<long>() > 0);
        Assert.NotNull(process["gen0Collections"]);
        node.Remove("process");
        var json = node.ToJsonString();
        Assert.Equal(
            """
            {"messages":2,"oneWay":1,"requestReply":1,"bytesIn":107,"bytesOut":200,
            "faults":{"noRoute":1,"backendFault":0,"backendUnavailable":0,"badRequest":0,"routerBusy":0,"clientAborted":0,"backendError":0,"slowClient":1,"clientRateLimited":0,"tlsHandshake":1,"accessDenied":0,"replyNotReencoded":0},
            "paths":{"verbatim":{"messages":1,"failures":0,"bytesIn":100,"bytesOut":200},
            "reencoded":{"messages":0,"failures":0,"bytesIn":0,"bytesOut":0},
            "transcoding":{"requests":0,"replies":0,"requestsToWcf":0,"repliesToWcf":0}},
            "routes":{"orders":{"messages":1,"failures":0,"bytesIn":100,"bytesOut":200}},
            "destinations":{"backend-1":{"messages":1,"failures":0,"bytesIn":200,"bytesOut":100}},
            "listeners":{"basic,soap12":{"listeners":"basic,soap12","maxConnections":2,"liveConnections":1,
            "acceptedConnections":2,"rejectedConnections":1,"acceptErrors":1,"reservePauses":0,"accepting":false}},
            "tls":{"handshakes":1,"handshakeFailures":{"timeout":1},"destinationHandshakes":{"backend-1":1},"destinationFailures":{}}}
            """.Replace("\n", "", StringComparison.Ordinal),
            json);
    }

    [Fact]
    public void RecordForward_CountsAttemptsRetriesAndFailovers()
    {
        var statistics = new RouterStatistics();

        statistics.RecordForward(attempts: 1, failedOver: false);
        statistics.RecordForward(attempts: 3, failedOver: true);
        statistics.RecordForward(attempts: 2, failedOver: false);

        Assert.Equal(3, statistics.Forwarded);
        Assert.Equal(6, statistics.Attempts);
        Assert.Equal(3, statistics.Retries);
        Assert.Equal(1, statistics.Failovers);
    }

    [Fact]
    public void Listener_SameCountersEachTime_ListedWithTheirNames()
    {
        var statistics = new RouterStatistics();

        statistics.Listener("basic").Record(10, 20);
        statistics.Listener("basic").Record(1, 2, failed: true);
        statistics.Listener("tcp").Record(5, 0);

        var basic = Assert.Single(statistics.AllListeners, pair => pair.Key == "basic").Value;
        Assert.Same(basic, statistics.Listener("basic"));
        Assert.Equal(new TrafficSnapshot(2, 1, 11, 22), basic.Snapshot());
        Assert.Equal(2, statistics.AllListeners.Count());
    }

    private static long SumFailures(IReadOnlyDictionary<string, TrafficSnapshot> counters)
    {
        long sum = 0;
        foreach (var value in counters.Values)
        {
            sum += value.Failures;
        }

        return sum;
    }
}
