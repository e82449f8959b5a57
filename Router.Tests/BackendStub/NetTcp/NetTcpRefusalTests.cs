using System.Text;
using BackendStub.Hosting;
using SoapRouter.Tests.Support;
using SoapRouter.Tests.Wire.Framing;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// Every refusal the stub's net.tcp endpoint answers, read from a raw socket: the exact Fault record, then the close;
/// and a stock WCF client on another connection keeps working during and after.
/// </summary>
public sealed class NetTcpRefusalTests
{
    public static TheoryData<string, string> PreambleRefusals => new()
    {
        { "unsupported version", FramingFaults.UnsupportedVersion },
        { "singleton mode", FramingFaults.UnsupportedMode },
        { "simplex mode", FramingFaults.UnsupportedMode },
        { "known encoding 0x00 (SOAP 1.1 text)", FramingFaults.ContentTypeInvalid },
        { "known encoding 0x07 (binary without session)", FramingFaults.ContentTypeInvalid },
        { "extensible encoding of another content type", FramingFaults.ContentTypeInvalid },
        { "unknown via", FramingFaults.EndpointNotFound },
        { "upgrade request", FramingFaults.UpgradeInvalid },
        { "via over 2048 octets", FramingFaults.ViaTooLong },
        { "content type over 256 octets", FramingFaults.ContentTypeTooLong },
        { "garbage (an HTTP request)", FramingFaults.InvalidRecordSequence },
        { "via that is not a URI", FramingFaults.InvalidRecordSequence },
    };

    [Theory]
    [MemberData(nameof(PreambleRefusals))]
    public async Task Preamble_IsRefusedWithItsFault_ThenClosed_OtherConnectionsUnaffected(string preamble, string fault)
    {
        var clock = new FakeTimeProvider();
        await using var stub = await RunningStub.StartWithNetTcpAsync(timeProvider: clock);
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);

        await raw.SendAsync(Preamble(preamble, address));
        await raw.ExpectFaultAsync(fault);
        await healthy.AssertWorksAsync();
        await ExpectClosedAfterTheLingerAsync(raw, clock);

        await healthy.AssertWorksAsync();
        Assert.Equal(2, stub.Host.NetTcpConnectionsAccepted);
    }

    [Fact]
    public async Task SizedEnvelopeOverMaxMessageSize_IsRefusedWithMaxMessageSizeExceeded_BeforeItsPayloadArrives()
    {
        var clock = new FakeTimeProvider();
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { MaxMessageSize = 64 * 1024 }, clock);
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);

        // Only the record's head: the refusal must not wait for the 64 KB + 1 bytes it announces.
        await raw.SendAsync([0x06, .. FramingBytes.Size((64 * 1024) + 1)]);

        await raw.ExpectFaultAsync(FramingFaults.MaxMessageSizeExceeded);
        await healthy.AssertWorksAsync();
        await ExpectClosedAfterTheLingerAsync(raw, clock);
        await healthy.AssertWorksAsync();
    }

    [Fact]
    public async Task SizedEnvelopeOfExactlyMaxMessageSize_IsRead()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { MaxMessageSize = 64 * 1024 });
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);
        // Pad the text until the first message of a session encodes to exactly the limit.
        var overhead = new ClientSessionCodecs().Echo(address, string.Empty, out _).Length;
        for (var length = (64 * 1024) - overhead - 8; ; length++)
        {
            var codecs = new ClientSessionCodecs();
            var text = new string('x', length);
            var payload = codecs.Echo(address, text, out var id);
            Assert.True(payload.Length <= 64 * 1024, "no text length encodes to exactly 64 KB");
            if (payload.Length < 64 * 1024)
            {
                continue;
            }

            await raw.SendAsync(FramingBytes.SizedEnvelope(payload));
            Assert.Equal(text, codecs.ReadEcho((await raw.ReadRecordAsync())!.Payload, id));
            return;
        }
    }

    [Fact]
    public async Task ConnectionOverTheLimit_ReadsThePreamble_AndGetsServerTooBusy()
    {
        var clock = new FakeTimeProvider();
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { MaxTcpConnections = 1 }, clock);
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);

        // Nothing is answered before the preamble is complete.
        await raw.SendAsync(FramingBytes.VersionAndDuplexMode);
        Assert.True(await raw.StaysOpenAsync(TimeSpan.FromMilliseconds(300)));
        await raw.SendAsync(FramingBytes.Via(address.AbsoluteUri), FramingBytes.KnownEncoding(0x08), FramingBytes.PreambleEnd);

        await raw.ExpectFaultAsync(FramingFaults.ServerTooBusy);
        await healthy.AssertWorksAsync();
        await ExpectClosedAfterTheLingerAsync(raw, clock);
        await healthy.AssertWorksAsync();
        Assert.Equal(1, stub.Host.NetTcpConnections);
    }

    public static TheoryData<string> MessagePhaseViolations => new()
    {
        "zero-size envelope",
        "unsized envelope (singleton mode only)",
        "a second preamble end",
        "unknown record type 0x20",
        "envelope size over 31 bits",
    };

    [Theory]
    [MemberData(nameof(MessagePhaseViolations))]
    public async Task RecordThatMayNotFollowThePreamble_IsRefusedWithInvalidRecordSequence(string violation)
    {
        var clock = new FakeTimeProvider();
        await using var stub = await RunningStub.StartWithNetTcpAsync(timeProvider: clock);
        using var healthy = await HealthyNetTcpClient.StartAsync(stub);
        var address = stub.Address(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.OpenSessionAsync(address);

        byte[] bytes = violation switch
        {
            "zero-size envelope" => [0x06, 0x00],
            "unsized envelope (singleton mode only)" => [0x05, 0x01, 0x00, 0x00],
            "a second preamble end" => [0x0C],
            "unknown record type 0x20" => [0x20],
            _ => [0x06, 0xFF, 0xFF, 0xFF, 0xFF, 0x08],
        };
        await raw.SendAsync(bytes);

        await raw.ExpectFaultAsync(FramingFaults.InvalidRecordSequence);
        await ExpectClosedAfterTheLingerAsync(raw, clock);
        await healthy.AssertWorksAsync();
    }

    /// <summary>
    /// The server keeps reading (and dropping) for a moment after a fault, so its close cannot overtake the fault;
    /// then it closes by itself, also when the client stays: shown on the fake clock.
    /// </summary>
    internal static async Task ExpectClosedAfterTheLingerAsync(RawFramingClient raw, FakeTimeProvider clock)
    {
        Assert.True(await raw.StaysOpenAsync(TimeSpan.FromMilliseconds(100)));
        clock.Advance(TimeSpan.FromSeconds(3));
        await raw.ExpectClosedAsync();
    }

    private static byte[] Preamble(string name, Uri address)
    {
        var via = FramingBytes.Via(address.AbsoluteUri);
        var binarySession = FramingBytes.KnownEncoding(0x08);
        byte[] mode = [0x00, 0x01, 0x00, 0x01];
        return name switch
        {
            "unsupported version" => [0x00, 0x02, 0x00, 0x01, 0x02, .. via, .. binarySession, .. FramingBytes.PreambleEnd],
            "singleton mode" => [.. mode[..3], 0x01, 0x01, .. via, .. binarySession, .. FramingBytes.PreambleEnd],
            "simplex mode" => [.. mode[..3], 0x01, 0x03, .. via, .. binarySession, .. FramingBytes.PreambleEnd],
            "known encoding 0x00 (SOAP 1.1 text)" => [.. FramingBytes.VersionAndDuplexMode, .. via, .. FramingBytes.KnownEncoding(0x00), .. FramingBytes.PreambleEnd],
            "known encoding 0x07 (binary without session)" => [.. FramingBytes.VersionAndDuplexMode, .. via, .. FramingBytes.KnownEncoding(0x07), .. FramingBytes.PreambleEnd],
            "extensible encoding of another content type" =>
                [.. FramingBytes.VersionAndDuplexMode, .. via, .. FramingBytes.ExtensibleEncoding("application/soap+xml; charset=utf-8"), .. FramingBytes.PreambleEnd],
            "unknown via" => FramingBytes.Preamble(new UriBuilder(address) { Path = "/nobody-here" }.Uri),
            "upgrade request" => [.. FramingBytes.VersionAndDuplexMode, .. via, .. binarySession, .. FramingBytes.UpgradeRequest("application/ssl-tls")],
            "via over 2048 octets" => [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(address.AbsoluteUri + new string('a', 2048)), .. binarySession, .. FramingBytes.PreambleEnd],
            "content type over 256 octets" =>
                [.. FramingBytes.VersionAndDuplexMode, .. via, .. FramingBytes.ExtensibleEncoding("application/soap+msbinsession1;" + new string('p', 256)), .. FramingBytes.PreambleEnd],
            "garbage (an HTTP request)" => Encoding.ASCII.GetBytes("GET /tcp HTTP/1.1\r\nHost: localhost\r\n\r\n"),
            "via that is not a URI" => [.. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via("not a uri"), .. binarySession, .. FramingBytes.PreambleEnd],
            _ => throw new ArgumentOutOfRangeException(nameof(name), name, null),
        };
    }
}
