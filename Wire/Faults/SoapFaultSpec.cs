namespace SoapRouter.Wire.Faults;

/// <summary>A SOAP fault as the router and the stub raise them: Sender or Receiver, an optional subcode and a reason.</summary>
/// <param name="IsSenderFault">True for Sender (SOAP 1.1 Client), false for Receiver (SOAP 1.1 Server).</param>
/// <param name="Reason">The reason text; a fixed sentence, never exception text.</param>
/// <param name="SubcodeName">The subcode's local name (SOAP 1.2 Subcode; SOAP 1.1 writes it as the faultcode), or null.</param>
/// <param name="SubcodeNamespace">The subcode's namespace; null when there is no subcode.</param>
public sealed record SoapFaultSpec(bool IsSenderFault, string Reason, string? SubcodeName = null, string? SubcodeNamespace = null)
{
    /// <summary>A Sender fault: the message itself is wrong.</summary>
    public static SoapFaultSpec Sender(string reason, string? subcodeName = null, string? subcodeNamespace = null) =>
        new(true, reason, subcodeName, subcodeNamespace);

    /// <summary>A Receiver fault: the message was fine, something behind it failed.</summary>
    public static SoapFaultSpec Receiver(string reason, string? subcodeName = null, string? subcodeNamespace = null) =>
        new(false, reason, subcodeName, subcodeNamespace);
}
