namespace SoapRouter.Wire.Framing;

/// <summary>
/// The fault URIs of Fault records ([MC-NMF] 2.2.5), spelled as WCF's framing code spells them; a WCF client maps each
/// of these to its own exception (EndpointNotFound to EndpointNotFoundException, ServerTooBusy to
/// ServerTooBusyException, ...).
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
}
