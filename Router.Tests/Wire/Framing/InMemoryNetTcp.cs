using System.IO.Pipelines;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// One <see cref="NetTcpServerSession"/> over in-memory pipes, on a fake clock, with a counting pool and a capturing
/// log, and a raw client on the other ends of the pipes.
/// </summary>
internal sealed class InMemoryNetTcp : IAsyncDisposable
{
    public static readonly Uri Via = new("net.tcp://backend.test:808/service");

    private readonly Pipe _toServer = new();
    private readonly Pipe _toClient = new();
    private int _slotReleases;

    private readonly Stream _clientInput;
    private readonly Stream _clientOutput;

    private InMemoryNetTcp(TestEndpoint endpoint, NetTcpSessionLimits limits, bool slotFree, INetTcpStreamUpgrade? upgrade)
    {
        Endpoint = endpoint;
        Limits = limits with { Buffers = new ArrayPoolBufferManager(Pool) };
        var session = new NetTcpServerSession(
            new DuplexPipe(_toServer.Reader, _toClient.Writer),
            via => via == Via ? Endpoint : null,
            Limits,
            Logger,
            Clock,
            () => slotFree,
            () => Interlocked.Increment(ref _slotReleases),
            upgrade);
        _clientInput = _toClient.Reader.AsStream();
        _clientOutput = _toServer.Writer.AsStream();
        Client = new RawFramingClient(_clientInput, _clientOutput);

        // RunAsync runs synchronously up to its first wait for bytes: the preamble timeout is armed when this returns.
        Run = session.RunAsync(Stopping.Token);
    }

    public FakeTimeProvider Clock { get; } = new();

    public CountingArrayPool Pool { get; } = new();

    public CapturingLogger<NetTcpServerSession> Logger { get; } = new();

    public CancellationTokenSource Stopping { get; } = new();

    public TestEndpoint Endpoint { get; }

    public NetTcpSessionLimits Limits { get; }

    public RawFramingClient Client { get; }

    public Task Run { get; }

    public int SlotReleases => Volatile.Read(ref _slotReleases);

    public static InMemoryNetTcp Start(TestEndpoint? endpoint = null, NetTcpSessionLimits? limits = null, bool slotFree = true, INetTcpStreamUpgrade? upgrade = null) =>
        new(endpoint ?? new TestEndpoint(), limits ?? new NetTcpSessionLimits(), slotFree, upgrade);

    /// <summary>A second client on the same connection whose streams are <paramref name="wrap"/>ped (the client's side of an upgrade).</summary>
    public RawFramingClient Wrapped(Func<Stream, Stream> wrap) => new(wrap(_clientInput), wrap(_clientOutput));

    /// <summary>Sends the preamble WCF sends and reads the Preamble Ack.</summary>
    public async Task<ClientSessionCodecs> OpenAsync()
    {
        await Client.SendAsync(FramingBytes.Preamble(Via));
        Assert.True((await Client.ReadRecordAsync())!.IsPreambleAck);
        return new ClientSessionCodecs();
    }

    /// <summary>The Sized Envelope record of a request carrying <paramref name="text"/>.</summary>
    public static byte[] Request(ClientSessionCodecs codecs, string text, out UniqueId messageId) =>
        FramingBytes.SizedEnvelope(codecs.Request(Via, TestEndpoint.RequestAction, writer => writer.WriteElementString("text", TestEndpoint.Namespace, text), out messageId));

    /// <summary>Reads the next record, asserts it is a reply, and returns its text and what it relates to.</summary>
    public async Task<(string Text, UniqueId RelatesTo)> ReadReplyAsync(ClientSessionCodecs codecs)
    {
        var record = await Client.ReadRecordAsync();
        Assert.NotNull(record);
        Assert.Equal(ServerRecord.SizedEnvelope, record.Type);
        using var reply = codecs.Read(record.Payload);
        Assert.Equal(TestEndpoint.ReplyAction, reply.Headers.Action);
        using var body = reply.GetReaderAtBodyContents();
        return (body.ReadElementContentAsString(), reply.Headers.RelatesTo);
    }

    /// <summary>Waits (real time, 10 s at most) for RunAsync to complete.</summary>
    public Task WaitForEndAsync() => Run.WaitAsync(TimeSpan.FromSeconds(10));

    /// <summary>Polls <paramref name="condition"/> (real time, 10 s at most).</summary>
    public static async Task WaitForAsync(Func<bool> condition, string what)
    {
        for (var i = 0; i < 500 && !condition(); i++)
        {
            await Task.Delay(20);
        }

        Assert.True(condition(), what);
    }

    public async ValueTask DisposeAsync()
    {
        await Stopping.CancelAsync();
        Client.Abort();
        await Run.WaitAsync(TimeSpan.FromSeconds(10));
        while (Endpoint.Requests.TryDequeue(out var request))
        {
            request.Dispose();
        }

        Stopping.Dispose();
        Endpoint.Dispose();
    }
}
