using System.IO.Pipelines;
using Microsoft.Extensions.Logging;

namespace SoapRouter.Wire.Framing;

/// <summary>What every session on one connection shares: the transport's two sides, the clock, the in-flight count and the stop flag.</summary>
internal sealed class FramingConnection(
    PipeReader input,
    FramingOutput output,
    SessionClock clock,
    InFlightMessages inFlight,
    NetTcpSessionLimits limits,
    ILogger logger)
{
    private volatile bool _stopping;

    /// <summary>The bytes from the client.</summary>
    public PipeReader Input => input;

    /// <summary>The records to the client.</summary>
    public FramingOutput Output => output;

    /// <summary>The connection's timer.</summary>
    public SessionClock Clock => clock;

    /// <summary>Messages being handled.</summary>
    public InFlightMessages InFlight => inFlight;

    /// <summary>The limits.</summary>
    public NetTcpSessionLimits Limits => limits;

    /// <summary>The log.</summary>
    public ILogger Logger => logger;

    /// <summary>True once the server asked the connection to stop.</summary>
    public bool IsStopping => _stopping;

    /// <summary>Reads the next bytes from the client; null when the transport was reset or closed under the read (logged with <paramref name="phase"/>).</summary>
    public async ValueTask<ReadResult?> ReadAsync(string phase)
    {
        try
        {
            return await input.ReadAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or InvalidOperationException or ObjectDisposedException)
        {
            NetTcpSessionLog.PeerVanished(logger, phase);
            return null;
        }
    }

    /// <summary>Marks the connection as stopping and wakes the read loop.</summary>
    public void Stop()
    {
        _stopping = true;
        inFlight.CancelWaiters();
        input.CancelPendingRead();
    }
}
