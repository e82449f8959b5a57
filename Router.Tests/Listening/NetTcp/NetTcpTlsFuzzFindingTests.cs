using System.Net.Security;
using System.Net.Sockets;
using SoapRouter.Tests.Integration;
using SoapRouter.Tests.Support;
using SoapRouter.Tests.Wire.Framing;
using SoapRouter.Tests.Wire.Tls;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Listening.NetTcp;

/// <summary>
/// The full fuzz run's two findings on the netTcp + TLS target (Benchmarks/results/fuzz/full-100000), replayed from their
/// input files as the driver sent them: the plain preamble with the TLS upgrade, a handshake, then everything else written
/// inside TLS before a byte is read: a valid session's envelopes, an End record inserted early, and more records after it.
/// The router answers every envelope, then End, and must then stay silent: it used to read the client's further TLS
/// records as the next session's plain preamble and answer a plain Fault between them, which the client's TLS reader
/// rejected, dropping replies it had already received (the "envelope record cut short" the fuzzer saw).
/// </summary>
public sealed class NetTcpTlsFuzzFindingTests(TlsRouterFixture fixture) : IClassFixture<TlsRouterFixture>
{
    // The address the fuzz run's inputs were made for (scripts/fuzz.sh): its Via is replaced by the listener's.
    private static readonly Uri FuzzVia = new("net.tcp://127.0.0.1:18809/fuzz");

    [Theory]
    [InlineData("netTcpTls-54731.bin", 15)]
    [InlineData("netTcpTls-61570.bin", 147)]
    public async Task EarlyEndInsideTls_ThenMoreRecords_EveryReplyArrivesWhole_ThenEnd_ThenACloseWithNoPlainBytes(string input, int envelopesBeforeEnd)
    {
        var bytes = await File.ReadAllBytesAsync(Path.Combine(RepositoryPaths.Root, "Router.Tests", "Listening", "NetTcp", "FuzzFindings", input));
        var preamble = FramingBytes.PreambleWithUpgrade(FuzzVia, TlsStreamUpgrade.ProtocolName);
        Assert.Equal(preamble, bytes[..preamble.Length]);
        var tunnelled = bytes[preamble.Length..];
        var address = fixture.Router.Address("tcptls-plain");
        using var tcp = new TcpClient { NoDelay = true };
        await tcp.ConnectAsync(address.Host, address.Port);
        var raw = new RawFramingClient(tcp.GetStream(), tcp.GetStream());
        await raw.SendAsync(FramingBytes.PreambleWithUpgrade(address, TlsStreamUpgrade.ProtocolName));
        Assert.True((await raw.ReadRecordAsync())!.IsUpgradeResponse);
        await using var tls = new SslStream(tcp.GetStream(), leaveInnerStreamOpen: true);
        await tls.AuthenticateAsClientAsync(InMemoryTls.ClientOptions(fixture.Pki.Ca));

        await tls.WriteAsync(tunnelled);
        await tls.FlushAsync();

        var secure = new RawFramingClient(tls, tls);
        Assert.True((await secure.ReadRecordAsync())!.IsPreambleAck);
        for (var i = 0; i < envelopesBeforeEnd; i++)
        {
            var record = await secure.ReadRecordAsync();
            Assert.True(record?.Type == ServerRecord.SizedEnvelope, $"reply {i + 1} of {envelopesBeforeEnd}: {record?.ToString() ?? "closed"}");
        }

        Assert.True((await secure.ReadRecordAsync())?.IsEnd, "End after the replies");

        // Our side ends as the fuzz driver's did; the router closes without sending anything more, in or out of TLS
        // (a plain Fault record here makes the TLS read throw).
        await tls.ShutdownAsync();
        tcp.Client.Shutdown(SocketShutdown.Send);
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        Assert.Equal(0, await tls.ReadAsync(new byte[256], timeout.Token));
    }
}
