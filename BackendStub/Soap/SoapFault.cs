namespace BackendStub.Soap;

/// <summary>A SOAP fault as WCF writes it: a code, an optional subcode and a reason.</summary>
/// <param name="Code">Sender or Receiver.</param>
/// <param name="Reason">The reason text.</param>
/// <param name="SubcodeName">Local name of the subcode (SOAP 1.2 Subcode; the faultcode itself in SOAP 1.1), or null.</param>
/// <param name="SubcodeNamespace">Namespace of the subcode; null when there is no subcode.</param>
public sealed record SoapFault(SoapFaultCode Code, string Reason, string? SubcodeName = null, string? SubcodeNamespace = null)
{
    /// <summary>
    /// The HTTP status: SOAP 1.1 always 500; SOAP 1.2 400 for Sender and 500 for Receiver faults. (WCF itself
    /// answers 500 for both; 400 follows the SOAP 1.2 HTTP binding and matches the router's own faults.)
    /// </summary>
    public int StatusCode(SoapBinding binding) => binding != SoapBinding.BasicHttp && Code == SoapFaultCode.Sender ? 400 : 500;
}
