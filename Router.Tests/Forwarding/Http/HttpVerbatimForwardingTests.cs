using System.Diagnostics;
using System.Text;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding.Http;

/// <summary>The verbatim HTTP sender driven by the real <see cref="Forwarder"/>: timeouts and failover against real sockets.</summary>
public sealed class HttpVerbatimForwardingTests : IDisposable
{
    private const string ContentType = "text/xml; charset=utf-8";

    private static readonly byte[] Body = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><Ping/></s:Body></s:Envelope>");

    private readonly HttpDestinationClients _clients = new(TimeProvider.System, TimeSpan.FromMinutes(2));
    private readonly CountingArrayPool _pool = new();
    private readonly HttpVerbatimTransport _transport;
    private readonly Forwarder _forwarder = new(new CapturingLogger<Forwarder>(), TimeProvider.System);

    public HttpVerbatimForwardingTests() =>
        _transport = new HttpVerbatimTransport(_clients, maxReplySize: 1024 * 1024, new CapturingLogger<HttpVerbatimTransport>(), _pool);

    public void Dispose() => _clients.Dispose();

    [Fact]
    public async Task Forward_DeadPrimaryLiveBackup_ReturnsTheBackupsReplyAndRecordsThePrimaryAsConnectionRefused()
    {
        var backupReply = Encoding.UTF8.GetBytes("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><Pong/></s:Body></s:Envelope>");
        await using var backup = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, ContentType, backupReply));
        var cluster = HttpTestClusters.State($"http://127.0.0.1:{FreePort.Unused()}/service", [backup.Address()]);

        // Not idempotent: failing over is allowed only because the primary cannot have received the request.
        var result = await ForwardAsync(cluster, idempotent: false);

        Assert.True(result.IsSuccess);
        using (var reply = result.Reply!)
        {
            Assert.Equal(backupReply, reply.Body.ToArray());
        }

        Assert.Equal("b1", result.Destination!.Name);
        Assert.Equal(2, result.AttemptCount);
        Assert.Equal(new ForwardAttempt(cluster.Primaries[0], ForwardError.ConnectionRefused), result.GetAttempt(0));
        Assert.Equal(new ForwardAttempt(cluster.Backups[0], ForwardError.None), result.GetAttempt(1));
        Assert.Equal(1, cluster.Primaries[0].Failures);
        Assert.Equal(Body, Assert.Single(backup.Requests).Body);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Forward_BackendStallsPastRequestTimeout_IsRequestTimeoutAndNotRetriedForNonIdempotentAction()
    {
        await using var stalling = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        await using var backup = await RecordingBackend.StartAsync(RecordingBackend.Echoes(ContentType));
        var cluster = HttpTestClusters.State(stalling.Address(), [backup.Address()], requestTimeout: TimeSpan.FromMilliseconds(300));
        var clock = Stopwatch.StartNew();

        var result = await ForwardAsync(cluster, idempotent: false);

        Assert.Equal(ForwardError.RequestTimeout, result.Error);
        Assert.Equal(1, result.AttemptCount);
        Assert.Single(stalling.Requests);
        Assert.Empty(backup.Requests);
        Assert.Equal(0, cluster.Primaries[0].InFlight);

        // Generous bound: it proves the cluster's timeout ended the attempt, not how quickly.
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20), clock.Elapsed.ToString());
    }

    [Fact]
    public async Task Forward_BackendStallsPastAttemptTimeout_IdempotentActionMovesToTheBackup()
    {
        await using var stalling = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        await using var backup = await RecordingBackend.StartAsync(RecordingBackend.Echoes(ContentType));
        var cluster = HttpTestClusters.State(stalling.Address(), [backup.Address()], attemptTimeout: TimeSpan.FromMilliseconds(300));

        var result = await ForwardAsync(cluster, idempotent: true);

        Assert.True(result.IsSuccess);
        result.Reply!.Dispose();
        Assert.Equal(ForwardError.RequestTimeout, result.GetAttempt(0).Error);
    }

    [Fact]
    public async Task Forward_ClientCancels_IsCancelledNotATimeoutOfTheDestination()
    {
        await using var stalling = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        var cluster = HttpTestClusters.State(stalling.Address(), requestTimeout: TimeSpan.FromSeconds(30));
        using var client = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));

        var result = await _forwarder.ForwardAsync(cluster, idempotent: true, new VerbatimAttemptSender(_transport, cluster, Request()), client.Token);

        Assert.Equal(ForwardError.Cancelled, result.Error);
        Assert.Equal(0, cluster.Primaries[0].Failures);
    }

    [Fact]
    public async Task Forward_BackendFault_IsPassedThroughAndNotRetried()
    {
        var fault = Encoding.UTF8.GetBytes("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Client</faultcode><faultstring>no</faultstring></s:Fault></s:Body></s:Envelope>");
        await using var primary = await RecordingBackend.StartAsync(RecordingBackend.Replies(500, ContentType, fault));
        await using var backup = await RecordingBackend.StartAsync(RecordingBackend.Echoes(ContentType));
        var cluster = HttpTestClusters.State(primary.Address(), [backup.Address()]);

        var result = await ForwardAsync(cluster, idempotent: true);

        Assert.Equal(ForwardError.BackendFault, result.Error);
        using (var reply = result.Reply!)
        {
            Assert.Equal(fault, reply.Body.ToArray());
        }

        Assert.Empty(backup.Requests);
        Assert.Equal(0, cluster.Primaries[0].Failures);
    }

    private static RawSoapRequest Request() => new(Body, ContentType) { SoapAction = "\"urn:ping\"" };

    private ValueTask<ForwardResult<RawSoapReply>> ForwardAsync(ClusterState cluster, bool idempotent) =>
        _forwarder.ForwardAsync(cluster, idempotent, new VerbatimAttemptSender(_transport, cluster, Request()), CancellationToken.None);
}
