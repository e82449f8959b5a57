namespace SoapRouter.Wire.Framing;

/// <summary>
/// An endpoint that takes net.tcp streamed messages (NetTcpBinding with TransferMode.Streamed: the singleton-unsized mode,
/// one msbin1 message a connection). A duplex preamble to it is refused with UnsupportedMode, and a singleton one to an
/// endpoint that is not one of these.
/// </summary>
public interface INetTcpStreamedEndpoint : INetTcpEndpoint
{
    /// <summary>
    /// Reads <paramref name="exchange"/>'s request as it arrives and answers it on its reply stream (completed, or the
    /// connection is cut). Never throws for what the client or a destination does.
    /// </summary>
    ValueTask HandleStreamedAsync(NetTcpStreamedExchange exchange);
}
