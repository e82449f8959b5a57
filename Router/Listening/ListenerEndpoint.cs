using System.Net;

namespace SoapRouter.Listening;

/// <summary>
/// One Kestrel endpoint (an IP address or localhost, and a port) with the listeners that share it; a request is handed
/// to the listener whose path it names.
/// </summary>
/// <param name="address">The IP address to bind; null: localhost, both loopbacks.</param>
/// <param name="port">The port (0: the system picks one).</param>
/// <param name="listeners">The listeners served here.</param>
/// <param name="isNetTcp">True when it speaks the net.tcp framing, not HTTP.</param>
internal sealed class ListenerEndpoint(IPAddress? address, int port, SoapListener[] listeners, bool isNetTcp = false)
{
    /// <summary>The TLS section its listeners share; null for a plain endpoint.</summary>
    public Configuration.ListenerTlsConfig? TlsConfig { get; init; }

    /// <summary>The endpoint's TLS, built from <see cref="TlsConfig"/> before the host starts; null for a plain endpoint.</summary>
    public Tls.ListenerTls? Tls { get; set; }

    /// <summary>What logs and certificate names call the endpoint: "listener" and its listeners' names.</summary>
    public string DisplayName => "listener " + string.Join(',', listeners.Select(static listener => listener.Name));

    /// <summary>True for a net.tcp endpoint, whose connections run framing sessions instead of HTTP.</summary>
    public bool IsNetTcp { get; } = isNetTcp;

    /// <summary>The IP address to bind; null for localhost.</summary>
    public IPAddress? Address { get; } = address;

    /// <summary>The configured port (0: the system picks one).</summary>
    public int Port { get; } = port;

    /// <summary>The port actually bound, known once the host has started.</summary>
    public int BoundPort { get; set; } = port;

    /// <summary>The listeners served here.</summary>
    public IReadOnlyList<SoapListener> Listeners => listeners;

    /// <summary>The listener serving <paramref name="path"/>, or null.</summary>
    public SoapListener? Find(ReadOnlySpan<char> path)
    {
        foreach (var listener in listeners)
        {
            if (listener.Serves(path))
            {
                return listener;
            }
        }

        return null;
    }

    /// <summary>True when a connection accepted on <paramref name="localAddress"/>:<paramref name="localPort"/> came through this endpoint.</summary>
    public bool Accepted(IPAddress? localAddress, int localPort)
    {
        if (localPort != BoundPort)
        {
            return false;
        }

        if (Address is null)
        {
            return localAddress is null || IPAddress.IsLoopback(localAddress);
        }

        if (Address.Equals(IPAddress.Any) || Address.Equals(IPAddress.IPv6Any) || localAddress is null)
        {
            return true;
        }

        return Address.Equals(localAddress.IsIPv4MappedToIPv6 ? localAddress.MapToIPv4() : localAddress);
    }
}
