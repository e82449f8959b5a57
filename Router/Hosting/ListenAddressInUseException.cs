using System.Net;

namespace SoapRouter.Hosting;

/// <summary>
/// The router could not start: another process holds the address of one of its endpoints. The message is the one line
/// the operator reads, naming the address and the endpoint (a listener, or the admin endpoint).
/// </summary>
internal sealed class ListenAddressInUseException(IPEndPoint address, string endpoint, Exception inner)
    : IOException($"cannot listen on {address} ({endpoint}): the address is already in use", inner)
{
    /// <summary>The address that could not be bound.</summary>
    public IPEndPoint Address { get; } = address;

    /// <summary>What the endpoint is: "admin endpoint" or "listener" and its listeners' names.</summary>
    public string Endpoint { get; } = endpoint;
}
