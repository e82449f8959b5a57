using System.Globalization;

namespace BackendStub.Soap;

/// <summary>The faults a stock WCF service answers with, in its words (WCF's SR strings), for the cases the stub copies.</summary>
public static class WcfFaults
{
    /// <summary>The reason of every fault the fault injector causes.</summary>
    public const string InjectedReasonPrefix = "Injected fault";

    /// <summary>The reason text of an AddressFilter mismatch, for <paramref name="to"/>.</summary>
    public static string AddressFilterMismatchReason(string? to) => string.Format(
        CultureInfo.InvariantCulture,
        "The message with To '{0}' cannot be processed at the receiver, due to an AddressFilter mismatch at the EndpointDispatcher.  Check that the sender and receiver's EndpointAddresses agree.",
        to);

    /// <summary>wsa:To does not name this endpoint: Sender, subcode a:DestinationUnreachable.</summary>
    public static SoapFault DestinationUnreachable(string? to) =>
        new(SoapFaultCode.Sender, AddressFilterMismatchReason(to), "DestinationUnreachable", SoapNamespaces.Addressing10);

    /// <summary>No operation has the action: Sender, subcode a:ActionNotSupported in the binding's addressing namespace.</summary>
    public static SoapFault ActionNotSupported(SoapBinding binding, string? action) => new(
        SoapFaultCode.Sender,
        string.Format(
            CultureInfo.InvariantCulture,
            "The message with Action '{0}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher. This may be because of either a contract mismatch (mismatched Actions between sender and receiver) or a binding/security mismatch between the sender and the receiver.  Check that sender and receiver have the same contract and the same binding (including security requirements, e.g. Message, Transport, None).",
            action),
        "ActionNotSupported",
        SoapBindings.UsesAddressing(binding) ? SoapNamespaces.Addressing10 : SoapNamespaces.AddressingNone);

    /// <summary>The bytes are not a well-formed envelope of the endpoint's SOAP version and encoding: a Sender fault.</summary>
    public static SoapFault MalformedMessage(string detail) =>
        new(SoapFaultCode.Sender, "The message could not be read: " + detail);

    /// <summary>The body does not fit the operation: Sender, subcode a:DeserializationFailed (WCF's dispatcher namespace).</summary>
    public static SoapFault DeserializationFailed(string operation, string detail) => new(
        SoapFaultCode.Sender,
        $"Error in deserializing body of request message for operation '{operation}'. {detail}",
        "DeserializationFailed",
        SoapNamespaces.Dispatcher);

    /// <summary>A fault the injector chose for request <paramref name="requestNumber"/>: Receiver, reason starting "Injected fault".</summary>
    public static SoapFault Injected(long requestNumber) => new(
        SoapFaultCode.Receiver,
        string.Create(CultureInfo.InvariantCulture, $"{InjectedReasonPrefix} (request {requestNumber})."));
}
