using System.ServiceModel;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The fault URIs of Fault records ([MC-NMF] 2.2.5), spelled as WCF's framing code spells them, and the exception a
/// WCF client maps each of them to (<see cref="ToException"/>).
/// </summary>
public static class FramingFaults
{
    /// <summary>The namespace every standard framing fault is in.</summary>
    public const string Namespace = "http://schemas.microsoft.com/ws/2006/05/framing/faults/";

    /// <summary>The envelope encoding is not the endpoint's.</summary>
    public const string ContentTypeInvalid = Namespace + "ContentTypeInvalid";

    /// <summary>The extensible encoding's content type is longer than the receiver accepts.</summary>
    public const string ContentTypeTooLong = Namespace + "ContentTypeTooLong";

    /// <summary>The endpoint exists but the connection could not be handed to it.</summary>
    public const string ConnectionDispatchFailed = Namespace + "ConnectionDispatchFailed";

    /// <summary>No endpoint answers to the Via.</summary>
    public const string EndpointNotFound = Namespace + "EndpointNotFound";

    /// <summary>The endpoint exists but is not available now.</summary>
    public const string EndpointUnavailable = Namespace + "EndpointUnavailable";

    /// <summary>The record sequence breaks [MC-NMF]'s grammar (an unexpected or unknown record, a zero size).</summary>
    /// <remarks>Defined by [MC-NMF]; WCF's own framing code has no constant for it (a WCF client reports it as an unrecognized fault).</remarks>
    public const string InvalidRecordSequence = Namespace + "InvalidRecordSequence";

    /// <summary>A sized envelope is larger than the receiver's largest message. WCF spells this one with "Fault" on the end.</summary>
    public const string MaxMessageSizeExceeded = Namespace + "MaxMessageSizeExceededFault";

    /// <summary>The receiver has no room for another connection.</summary>
    public const string ServerTooBusy = Namespace + "ServerTooBusy";

    /// <summary>The service behind the endpoint could not be started.</summary>
    public const string ServiceActivationFailed = Namespace + "ServiceActivationFailed";

    /// <summary>The Mode record names a mode the endpoint does not serve.</summary>
    public const string UnsupportedMode = Namespace + "UnsupportedMode";

    /// <summary>The Version record names a version the receiver does not speak.</summary>
    public const string UnsupportedVersion = Namespace + "UnsupportedVersion";

    /// <summary>The requested stream upgrade is not available.</summary>
    public const string UpgradeInvalid = Namespace + "UpgradeInvalid";

    /// <summary>The Via is longer than the receiver accepts.</summary>
    public const string ViaTooLong = Namespace + "ViaTooLong";

    /// <summary>
    /// The exception a WCF net.tcp client throws when a server answers <paramref name="via"/> with the Fault record
    /// <paramref name="fault"/> (in answer to the preamble or mid-session), so callers classify it as they classify
    /// WCF's: EndpointNotFound and EndpointUnavailable are <see cref="EndpointNotFoundException"/>, ServerTooBusy
    /// <see cref="ServerTooBusyException"/>, ServiceActivationFailed <see cref="ServiceActivationException"/>, the size
    /// quotas a <see cref="CommunicationException"/> around a <see cref="QuotaExceededException"/>,
    /// ConnectionDispatchFailed a <see cref="CommunicationException"/>, and the rest (an unknown fault included) a
    /// <see cref="ProtocolException"/>.
    /// </summary>
    public static CommunicationException ToException(string fault, Uri via)
    {
        ArgumentNullException.ThrowIfNull(fault);
        ArgumentNullException.ThrowIfNull(via);
        return fault switch
        {
            EndpointNotFound => new EndpointNotFoundException($"No net.tcp endpoint listens at {via} (framing fault EndpointNotFound)."),
            EndpointUnavailable => new EndpointNotFoundException($"The net.tcp endpoint at {via} is not available (framing fault EndpointUnavailable)."),
            ServerTooBusy => new ServerTooBusyException($"The net.tcp server at {via} is too busy to take the session (framing fault ServerTooBusy)."),
            ServiceActivationFailed => new ServiceActivationException($"The service at {via} could not be activated (framing fault ServiceActivationFailed)."),
            ConnectionDispatchFailed => new CommunicationException($"The net.tcp server could not hand the connection to {via} (framing fault ConnectionDispatchFailed)."),
            MaxMessageSizeExceeded => Quota($"A message sent to {via} is larger than the server's largest message (framing fault MaxMessageSizeExceededFault)."),
            ContentTypeTooLong => Quota($"The encoding's content type is longer than the server at {via} accepts (framing fault ContentTypeTooLong)."),
            ViaTooLong => Quota($"The Via {via} is longer than the server accepts (framing fault ViaTooLong)."),
            ContentTypeInvalid => new ProtocolException($"The net.tcp endpoint at {via} does not take the binary session encoding (framing fault ContentTypeInvalid)."),
            UnsupportedMode => new ProtocolException($"The net.tcp endpoint at {via} does not take duplex sessions (framing fault UnsupportedMode)."),
            UnsupportedVersion => new ProtocolException($"The net.tcp server at {via} does not speak framing version 1.0 (framing fault UnsupportedVersion)."),
            UpgradeInvalid => new ProtocolException($"The net.tcp endpoint at {via} requires or refused a stream upgrade: the bindings do not match (framing fault UpgradeInvalid)."),
            _ => new ProtocolException($"The net.tcp server at {via} answered the framing fault {fault}."),
        };
    }

    private static CommunicationException Quota(string message) => new(message, new QuotaExceededException(message));
}
