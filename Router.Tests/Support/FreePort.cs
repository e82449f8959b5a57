using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Tests.Support;

/// <summary>Loopback ports for tests.</summary>
internal static class FreePort
{
    private static readonly HashSet<int> Issued = [];

    /// <summary>
    /// A loopback port nobody listens on: bound by the OS for a moment, then released. Never the same port twice in
    /// one test run: the OS may hand a just-released port out again, and a test asking for two ports in a row (an HTTP
    /// and a net.tcp listener) got the same one (seen in CI).
    /// </summary>
    public static int Unused()
    {
        while (true)
        {
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            var port = ((IPEndPoint)listener.LocalEndpoint).Port;
            listener.Stop();
            lock (Issued)
            {
                if (Issued.Add(port))
                {
                    return port;
                }
            }
        }
    }

    /// <summary>
    /// A loopback port that refuses every connection for as long as the returned socket is held: bound, never
    /// listening, so no other listener of the test run can take it (a port from <see cref="Unused"/> can be handed to
    /// one of them, and a client then meets a server it did not expect).
    /// </summary>
    public static Socket Refusing()
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        socket.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        return socket;
    }

    /// <summary>The port <paramref name="socket"/> is bound to.</summary>
    public static int PortOf(Socket socket) => ((IPEndPoint)socket.LocalEndPoint!).Port;
}
