using System.ServiceModel;

namespace SoapRouter.Wire.Framing;

/// <summary>How and why a <see cref="NetTcpFramingClient"/>'s session ended.</summary>
/// <param name="Reason">Why it ended.</param>
/// <param name="Detail">What happened, a fixed sentence for the log.</param>
/// <param name="Fault">For <see cref="NetTcpFramingEndReason.ServerFault"/>, the server's fault string; otherwise null.</param>
/// <param name="Error">The exception behind a reset, a failed send or a handler's throw; otherwise null.</param>
public sealed record NetTcpFramingEnd(NetTcpFramingEndReason Reason, string Detail, string? Fault = null, Exception? Error = null)
{
    /// <summary>True when the server ended the session with End (nothing was lost on the way).</summary>
    public bool IsGraceful => Reason == NetTcpFramingEndReason.ServerEnded;

    /// <summary>
    /// The exception a WCF channel to <paramref name="via"/> throws for this end, for requests still waiting on the
    /// session: the server's fault as <see cref="FramingFaults.ToException"/> maps it, a reset as a
    /// <see cref="CommunicationException"/> around its <see cref="System.Net.Sockets.SocketException"/>, our own abort
    /// as <see cref="CommunicationObjectAbortedException"/>, an oversized message as a quota, the rest as a
    /// <see cref="CommunicationException"/> (a broken grammar as a <see cref="ProtocolException"/>).
    /// </summary>
    public CommunicationException ToException(Uri via)
    {
        ArgumentNullException.ThrowIfNull(via);
        return Reason switch
        {
            NetTcpFramingEndReason.ServerFault => FramingFaults.ToException(Fault!, via),
            NetTcpFramingEndReason.Aborted => new CommunicationObjectAbortedException(Describe(via)),
            NetTcpFramingEndReason.Malformed => new ProtocolException(Describe(via)),
            NetTcpFramingEndReason.MessageTooLarge => new CommunicationException(Describe(via), new QuotaExceededException(Detail)),
            _ => new CommunicationException(Describe(via), Error),
        };
    }

    private string Describe(Uri via) => $"The net.tcp session to {via} ended: {Detail}";
}
