using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// Reads a session's preamble from the connection under the preamble timeout. On a reused connection (after an End
/// handshake) the wait for the first byte is the idle rule's; the preamble timeout starts with that byte. After a
/// stream upgrade the rest of the preamble is read from the upgraded stream, under a preamble timeout of its own.
/// </summary>
internal static class PreambleReader
{
    /// <summary>
    /// The decoded preamble (Complete, UpgradeRequested, Refused or Malformed), consumed from the input; null when the
    /// connection ended first (the peer closed or reset, the timeout expired, the server is stopping). With
    /// <paramref name="upgraded"/> (the preamble so far, whose upgrade just completed), only what follows an upgrade is read.
    /// </summary>
    public static async Task<PreambleDecodeResult?> ReadAsync(FramingConnection connection, bool reused, FramingPreamble? upgraded = null)
    {
        var input = connection.Input;
        var clock = connection.Clock;
        var timeout = connection.Limits.PreambleTimeout;
        var deadlineStarted = !reused;
        if (reused)
        {
            clock.StartIdle();
        }
        else
        {
            clock.StartDeadline(timeout);
        }

        try
        {
            while (true)
            {
                if (await connection.ReadAsync("reset during the preamble").ConfigureAwait(false) is not { } result)
                {
                    return null;
                }

                var buffer = result.Buffer;
                if (result.IsCanceled)
                {
                    input.AdvanceTo(buffer.Start);
                    if (connection.IsStopping)
                    {
                        return null;
                    }

                    if (clock.IsExpired)
                    {
                        // An idle reused connection is closed quietly: no session was under way.
                        if (deadlineStarted)
                        {
                            NetTcpSessionLog.PreambleTimedOut(connection.Logger, timeout);
                        }

                        return null;
                    }

                    continue;
                }

                if (!deadlineStarted && !buffer.IsEmpty)
                {
                    clock.StartDeadline(timeout);
                    deadlineStarted = true;
                }

                var decoded = upgraded is null ? PreambleDecoder.Decode(buffer) : PreambleDecoder.DecodeAfterUpgrade(buffer, upgraded);
                if (decoded.Status != PreambleDecodeStatus.NeedMoreData)
                {
                    var accepted = decoded.Status is PreambleDecodeStatus.Complete or PreambleDecodeStatus.UpgradeRequested;
                    input.AdvanceTo(accepted ? decoded.Consumed : buffer.End);
                    return decoded;
                }

                input.AdvanceTo(buffer.Start, buffer.End);
                if (result.IsCompleted)
                {
                    if (!buffer.IsEmpty)
                    {
                        NetTcpSessionLog.PeerVanished(connection.Logger, "mid-preamble");
                    }

                    return null;
                }
            }
        }
        finally
        {
            clock.Stop();
        }
    }
}
