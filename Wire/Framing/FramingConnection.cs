using System.IO.Pipelines;
using Microsoft.Extensions.Logging;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// What every session on one connection shares: the transport's two sides, the clock, the in-flight count and the stop
/// flag. After a stream upgrade the connection reads and writes the upgraded stream (input, output and the clock's
/// wake-ups all move to it) until its session ends; then it is back on its own transport, as WCF's pooled connections
/// expect (a reused connection starts with a plain preamble and upgrades again).
/// </summary>
internal sealed class FramingConnection(
    IDuplexPipe transport,
    FramingOutput output,
    SessionClock clock,
    InFlightMessages inFlight,
    NetTcpSessionLimits limits,
    ILogger logger)
{
    private PipeReader _input = transport.Input;
    private NetTcpUpgradeResult? _upgrade;
    private volatile bool _stopping;
    private volatile bool _failed;
    private string? _failure;

    /// <summary>The bytes from the client (the upgraded stream's, after an upgrade).</summary>
    public PipeReader Input => Volatile.Read(ref _input);

    /// <summary>The connection's own transport, under any upgrade.</summary>
    public IDuplexPipe Transport => transport;

    /// <summary>The stream upgrade the current session runs over; null when none.</summary>
    public NetTcpUpgradeResult? Upgrade => _upgrade;

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

    /// <summary>
    /// The reason the current session was ended from outside (<see cref="Fail"/>), or null while it was not: the
    /// receive loop then ends the session at once, Refused with <see cref="FailureFault"/> when there is one, else Aborted.
    /// </summary>
    public SessionEndReason? FailedReason => !_failed ? null : Volatile.Read(ref _failure) is null ? SessionEndReason.Aborted : SessionEndReason.Refused;

    /// <summary>The framing fault a session ended from outside answers with; null: the connection just closes.</summary>
    public string? FailureFault => Volatile.Read(ref _failure);

    /// <summary>Ends the current session from outside (what it relays to is gone): answers <paramref name="fault"/> when given, then closes.</summary>
    public void Fail(string? fault)
    {
        Volatile.Write(ref _failure, fault);
        _failed = true;
        inFlight.CancelWaiters();
        Interlocked.MemoryBarrier();
        Input.CancelPendingRead();
    }

    /// <summary>Reads the next bytes from the client; null when the transport was reset or closed under the read (logged with <paramref name="phase"/>).</summary>
    public async ValueTask<ReadResult?> ReadAsync(string phase)
    {
        try
        {
            return await Input.ReadAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (Vanished(ex, phase))
        {
            return null;
        }
    }

    /// <summary>
    /// True (logged with <paramref name="phase"/>) when <paramref name="exception"/>, thrown by a read of <see cref="Input"/>,
    /// means the transport was reset or closed under it. For a loop that awaits <see cref="Input"/> itself: an await of
    /// <see cref="ReadAsync"/> that waits allocates its state machine, once per message on a session's receive loop.
    /// </summary>
    public bool Vanished(Exception exception, string phase)
    {
        if (!PeerGone.Is(exception))
        {
            return false;
        }

        NetTcpSessionLog.PeerVanished(logger, phase);
        return true;
    }

    /// <summary>Marks the connection as stopping and wakes the read loop.</summary>
    public void Stop()
    {
        _stopping = true;
        inFlight.CancelWaiters();

        // Paired with the fence in Switch: a read that moves to another pipe meanwhile is woken there.
        Interlocked.MemoryBarrier();
        Input.CancelPendingRead();
    }

    /// <summary>Reads and writes <paramref name="upgrade"/>'s stream from now on (nothing is being read or written).</summary>
    public void UseUpgrade(NetTcpUpgradeResult upgrade)
    {
        _upgrade = upgrade;
        Switch(upgrade.Transport);
    }

    /// <summary>
    /// Ends the upgrade of the session that just ended: back on the connection's own transport, the upgraded pipe
    /// completed and its owner disposed. Nothing when there is no upgrade.
    /// </summary>
    public async ValueTask EndUpgradeAsync()
    {
        if (Interlocked.Exchange(ref _upgrade, null) is not { } upgrade)
        {
            return;
        }

        Switch(transport);
        await FramingOutput.CompleteQuietlyAsync(upgrade.Transport.Output).ConfigureAwait(false);
        await upgrade.Transport.Input.CompleteAsync().ConfigureAwait(false);
        if (upgrade.Owner is { } owner)
        {
            await owner.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>Completes both sides of the connection: the upgraded stream's first (its last bytes go out), then the transport's.</summary>
    public async Task CompleteAsync()
    {
        await output.CompleteAsync().ConfigureAwait(false);
        await Input.CompleteAsync().ConfigureAwait(false);
        await EndUpgradeAsync().ConfigureAwait(false);
        await FramingOutput.CompleteQuietlyAsync(transport.Output).ConfigureAwait(false);
        await transport.Input.CompleteAsync().ConfigureAwait(false);
    }

    private void Switch(IDuplexPipe pipe)
    {
        Interlocked.Exchange(ref _input, pipe.Input);
        output.Use(pipe.Output);
        clock.Use(pipe.Input);
        if (_stopping)
        {
            pipe.Input.CancelPendingRead();
        }
    }
}
