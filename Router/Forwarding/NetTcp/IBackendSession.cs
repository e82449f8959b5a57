namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// A net.tcp session to a destination, whichever client carries it: WCF's channel (<see cref="NetTcpSessionChannel"/>:
/// TLS, compression, August 2004) or the router's own framing client (<see cref="NetTcpFramedSession"/>). Disposing
/// aborts it.
/// </summary>
internal interface IBackendSession : IDisposable
{
    /// <summary>True while messages may be sent on it.</summary>
    bool IsUsable { get; }

    /// <summary>Ends it gracefully (End after what is in flight; what the destination still sends is delivered), within <paramref name="timeout"/>.</summary>
    Task CloseAsync(TimeSpan timeout);
}
