using SoapRouter.Wire.Framing;

namespace BackendStub.Service;

/// <summary>
/// The stub's streamed net.tcp endpoint (<see cref="Hosting.StubSoapEndpoints.NetTcpStreamed"/>): a NetTcpBinding service
/// with TransferMode.Streamed, each connection's singleton-unsized message answered by <see cref="StubStreamedHandler"/>.
/// </summary>
internal sealed class StubNetTcpStreamedEndpoint(StubStreamedHandler handler, Uri address) : INetTcpStreamedEndpoint
{
    /// <summary>Never called: the framing refuses a duplex preamble to a streamed endpoint (UnsupportedMode).</summary>
    public ValueTask HandleAsync(NetTcpRequest request) =>
        throw new NotSupportedException("The streamed net.tcp endpoint takes singleton-unsized messages only.");

    /// <inheritdoc />
    public ValueTask HandleStreamedAsync(NetTcpStreamedExchange exchange) => new(handler.HandleNetTcpAsync(exchange, address));
}
