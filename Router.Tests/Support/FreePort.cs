using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Tests.Support;

/// <summary>Loopback ports for tests.</summary>
internal static class FreePort
{
    private static readonly HashSet<int> Issued = [];

    /// <summary>Where <see cref="Unused"/> looks: below the ephemeral range, above the well-known and common service ports.</summary>
    private static readonly (int First, int End) Range = (20_000, EphemeralStart());

    /// <summary>
    /// A loopback port nobody listens on, for a test to bind later or to use as a dead address. Taken below the OS's
    /// ephemeral range: a port the OS handed out for a port-0 bind and took back could be handed to the next port-0
    /// listener of the run (another test's host, a stub) before the test bound it (seen in CI: "address already in
    /// use"; and a "dead" address answered by a stranger). The OS never picks ports out there by itself, so only code
    /// that names a port can take it; this checks that nobody holds it now, and never issues the same port twice in
    /// one test run. Where the code under test can bind port 0 and report what it got, let it: that needs no guess.
    /// </summary>
    public static int Unused()
    {
        while (true)
        {
            var port = Random.Shared.Next(Range.First, Range.End);
            lock (Issued)
            {
                if (Issued.Contains(port) || !IsFree(port))
                {
                    continue;
                }

                Issued.Add(port);
                return port;
            }
        }
    }

    /// <summary>
    /// A loopback port that refuses every connection for as long as the returned socket is held: bound, never
    /// listening, so nothing on the machine can take it (a port from <see cref="Unused"/> is only unlikely to be taken,
    /// by another process that names its ports, and a client would then meet a server it did not expect).
    /// </summary>
    public static Socket Refusing()
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        socket.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        return socket;
    }

    /// <summary>The port <paramref name="socket"/> is bound to.</summary>
    public static int PortOf(Socket socket) => ((IPEndPoint)socket.LocalEndPoint!).Port;

    private static bool IsFree(int port)
    {
        var listener = new TcpListener(IPAddress.Loopback, port);
        try
        {
            listener.Start();
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
        finally
        {
            listener.Stop();
        }
    }

    // Linux says where its ephemeral range starts (32768 by default); elsewhere it is IANA's 49152 (Windows, macOS).
    private static int EphemeralStart()
    {
        const string LinuxRange = "/proc/sys/net/ipv4/ip_local_port_range";
        if (File.Exists(LinuxRange)
            && int.TryParse(File.ReadAllText(LinuxRange).Split(default(char[]), StringSplitOptions.RemoveEmptyEntries)[0], out var start)
            && start > 21_000)
        {
            return start;
        }

        return 49_152;
    }
}
