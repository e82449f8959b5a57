using System.ServiceModel;
using Microsoft.Extensions.Logging;
using Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// Streamed netTcp destinations with tls: stock WCF streamed clients (basicHttp, NetTcpBinding) through the router to the
/// stub's NetTcpBinding streamed service on its TLS port, which the router reaches with the application/ssl-tls upgrade
/// in the singleton-unsized preamble; a small and a multi-MB message each way, byte-exact (SHA-256 at both ends). A
/// destination whose certificate the tls section's CA does not accept fails the attempt, counted as that destination's
/// TLS failure, and the client gets the router's fault.
/// </summary>
public sealed class NetTcpTlsDestinationTests(NetTcpTlsDestinationFixture fixture) : IClassFixture<NetTcpTlsDestinationFixture>
{
    public static TheoryData<string, long> Uploads => Cases();

    [Theory]
    [MemberData(nameof(Uploads))]
    public async Task Upload_ToAStreamedNetTcpDestinationWithTls_ArrivesByteExact_OverANewHandshake(string name, long size)
    {
        using var client = fixture.Client(name, Binding(name));
        var destination = name + "1";
        var handshakes = fixture.Router.Statistics.Snapshot().Tls.DestinationHandshakes.GetValueOrDefault(destination);
        var streamed = (await fixture.Stub.StatsAsync()).StreamedRequests?.GetValueOrDefault("netTcpStreamed") ?? 0;

        var digest = await client.Channel.UploadAsync(new PatternStream(size));

        Assert.Equal(StreamDigest.OfPattern(size), digest);
        var tls = fixture.Router.Statistics.Snapshot().Tls;
        Assert.Equal(handshakes + 1, tls.DestinationHandshakes[destination]);
        Assert.Equal(0, tls.DestinationFailures.GetValueOrDefault(destination));
        Assert.Equal(streamed + 1, (await fixture.Stub.StatsAsync()).StreamedRequests!["netTcpStreamed"]);
    }

    [Theory]
    [MemberData(nameof(Uploads))]
    public async Task Download_FromAStreamedNetTcpDestinationWithTls_ArrivesByteExact(string name, long size)
    {
        using var client = fixture.Client(name, Binding(name));

        await using var stream = await client.Channel.DownloadAsync(size);

        Assert.Equal(StreamDigest.OfPattern(size), await StreamDigest.OfAsync(stream));
    }

    [Fact]
    public async Task CertificateTheDestinationsCaDoesNotAccept_ClientGetsServiceUnavailable_CountedAsTheDestinationsTlsFailure()
    {
        const string Name = "basic-untrusted";
        using var client = fixture.Client(Name, WireBindings.BasicHttp);
        var before = fixture.Router.Statistics.Snapshot();
        var streamed = (await fixture.Stub.StatsAsync()).StreamedRequests?.GetValueOrDefault("netTcpStreamed") ?? 0;

        var fault = await Assert.ThrowsAsync<FaultException>(() => client.Channel.UploadAsync(new PatternStream(64 << 10)));

        Assert.Equal("The service is unavailable.", fault.Message);
        var after = fixture.Router.Statistics.Snapshot();
        Assert.Equal(before.Faults.BackendUnavailable + 1, after.Faults.BackendUnavailable);
        Assert.Equal(before.Tls.DestinationFailures.GetValueOrDefault(Name + "1") + 1, after.Tls.DestinationFailures[Name + "1"]);
        Assert.Equal(streamed, (await fixture.Stub.StatsAsync()).StreamedRequests?.GetValueOrDefault("netTcpStreamed") ?? 0);
        var line = await fixture.Router.Log.WaitFor(LogLevel.Warning, "Destination basic-untrusted1:").WaitAsync(TimeSpan.FromSeconds(15));
        Assert.Contains("TlsFailed: the certificate (CN=localhost) does not chain to the trusted authorities", line, StringComparison.Ordinal);

        // The router stays up and serves the next message on the trusting route.
        using var next = fixture.Client("basic-tls", WireBindings.BasicHttp);
        Assert.Equal(StreamDigest.OfPattern(1 << 16), await next.Channel.UploadAsync(new PatternStream(1 << 16)));
    }

    private static WireBinding Binding(string name) => NetTcpTlsDestinationFixture.Trusting.Single(listener => listener.Name == name).Client;

    private static TheoryData<string, long> Cases()
    {
        var cases = new TheoryData<string, long>();
        foreach (var (name, _) in NetTcpTlsDestinationFixture.Trusting)
        {
            // A message of a few hundred bytes' body, and one of many TLS records and framing chunks.
            cases.Add(name, 300);
            cases.Add(name, (12L << 20) + 7);
        }

        return cases;
    }
}
