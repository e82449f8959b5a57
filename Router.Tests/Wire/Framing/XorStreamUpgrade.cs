using System.IO.Pipelines;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// A stream upgrade for testing the framing's upgrade state machine without TLS: its handshake is one byte each way
/// (the client sends <see cref="Hello"/>, the server answers <see cref="Welcome"/>; any other byte fails it), and the
/// upgraded stream flips every byte (<see cref="XorStream"/>). Records the upgrades and their owners' disposal.
/// </summary>
internal sealed class XorStreamUpgrade(X509Certificate2? clientCertificate = null) : INetTcpStreamUpgrade
{
    public const string Name = "application/test-xor";
    public const byte Hello = 0x55;
    public const byte Welcome = 0xAA;

    private int _upgrades;
    private int _disposed;

    public string Protocol => Name;

    /// <summary>Handshakes that succeeded.</summary>
    public int Upgrades => Volatile.Read(ref _upgrades);

    /// <summary>Owners disposed (upgraded sessions over).</summary>
    public int Disposed => Volatile.Read(ref _disposed);

    public async ValueTask<NetTcpUpgradeResult?> UpgradeAsync(IDuplexPipe transport, CancellationToken cancellationToken)
    {
        var result = await transport.Input.ReadAsync(cancellationToken);
        if (result.Buffer.IsEmpty)
        {
            transport.Input.AdvanceTo(result.Buffer.End);
            return null;
        }

        var hello = result.Buffer.FirstSpan[0];
        transport.Input.AdvanceTo(result.Buffer.GetPosition(1));
        if (hello != Hello)
        {
            return null;
        }

        await transport.Output.WriteAsync(new[] { Welcome }, cancellationToken);
        Interlocked.Increment(ref _upgrades);
        var stream = new XorStream(new DuplexPipeStream(transport));
        var pipe = new DuplexPipe(PipeReader.Create(stream, new StreamPipeReaderOptions(leaveOpen: true)), PipeWriter.Create(stream, new StreamPipeWriterOptions(leaveOpen: true)));
        return new NetTcpUpgradeResult(pipe, clientCertificate, new Owner(this));
    }

    /// <summary>The client's side of the handshake on <paramref name="client"/>'s raw streams, after the Upgrade Response.</summary>
    public static async Task HandshakeAsync(RawFramingClient client)
    {
        await client.SendAsync([Hello]);
        var welcome = await client.ReadRecordAsync();
        Assert.Equal(Welcome, welcome!.Type);
    }

    private sealed class Owner(XorStreamUpgrade upgrade) : IAsyncDisposable
    {
        public ValueTask DisposeAsync()
        {
            Interlocked.Increment(ref upgrade._disposed);
            return ValueTask.CompletedTask;
        }
    }
}
