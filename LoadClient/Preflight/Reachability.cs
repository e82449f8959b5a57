using System.Net.Sockets;

namespace LoadClient.Preflight;

/// <summary>
/// Before any request: one TCP connection to the target's host and port, so a target that is not there is one clear
/// line and exit code 1, not a run of thousands of refused requests.
/// </summary>
internal static class Reachability
{
    /// <summary>Null when <paramref name="url"/>'s host accepts a connection on its port within <paramref name="timeout"/>; else why not.</summary>
    public static async Task<string?> CheckAsync(Uri url, TimeSpan timeout, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(url);
        using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp);
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(stop);
        limit.CancelAfter(timeout);
        var where = $"{url.Host}:{url.Port}";
        try
        {
            await socket.ConnectAsync(url.DnsSafeHost, url.Port, limit.Token);
            return null;
        }
        catch (SocketException ex) when (ex.SocketErrorCode == SocketError.ConnectionRefused)
        {
            return $"cannot reach {url}: {where} refused the connection (nothing listens there; is the target running, is --url right?).";
        }
        catch (SocketException ex) when (ex.SocketErrorCode is SocketError.HostNotFound or SocketError.NoData or SocketError.TryAgain)
        {
            return $"cannot reach {url}: host '{url.Host}' is not known ({ex.SocketErrorCode}).";
        }
        catch (SocketException ex)
        {
            return $"cannot reach {url}: connecting to {where} failed ({ex.SocketErrorCode}).";
        }
        catch (OperationCanceledException)
        {
            // Stopped (Ctrl+C): not the target's fault; the run that follows stops at once and reports nothing measured.
            return stop.IsCancellationRequested
                ? null
                : $"cannot reach {url}: {where} did not accept a connection within --timeout ({timeout.TotalSeconds:0.###} s).";
        }
    }
}
