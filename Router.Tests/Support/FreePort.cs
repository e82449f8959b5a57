using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Tests.Support;

/// <summary>Loopback ports for tests.</summary>
internal static class FreePort
{
    /// <summary>A loopback port nobody listens on: bound by the OS for a moment, then released.</summary>
    public static int Unused()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }
}
