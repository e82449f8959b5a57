using System.Globalization;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Faults;
using SoapRouter.Wire.Soap;

namespace BackendStub.Service;

/// <summary>
/// The faults a stock WCF service answers with, in its words (WCF's resource strings) where the router depends on
/// them, for the cases the stub copies. Every reason is a fixed sentence: request text appears only where WCF quotes
/// it too (the To and the action), never exception text.
/// </summary>
internal static class WcfFaults
{
    /// <summary>The reason of every fault the fault injector causes starts with this.</summary>
    public const string InjectedReasonPrefix = "Injected fault";

    // WCF quotes the To and the action whole; the stub cuts them here, so a fault cannot reflect a large header back.
    private const int MaxQuotedLength = 1024;

    /// <summary>The reason text of an AddressFilter mismatch, for <paramref name="to"/>.</summary>
    public static string AddressFilterMismatchReason(string? to) => string.Format(
        CultureInfo.InvariantCulture,
        "The message with To '{0}' cannot be processed at the receiver, due to an AddressFilter mismatch at the EndpointDispatcher.  Check that the sender and receiver's EndpointAddresses agree.",
        Quoted(to));

    /// <summary>The reason text of a ContractFilter mismatch, for <paramref name="action"/>.</summary>
    public static string ContractFilterMismatchReason(string? action) => string.Format(
        CultureInfo.InvariantCulture,
        "The message with Action '{0}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher. This may be because of either a contract mismatch (mismatched Actions between sender and receiver) or a binding/security mismatch between the sender and the receiver.  Check that sender and receiver have the same contract and the same binding (including security requirements, e.g. Message, Transport, None).",
        Quoted(action));

    /// <summary>wsa:To does not name this endpoint: Sender, subcode a:DestinationUnreachable (a WCF client throws EndpointNotFoundException).</summary>
    public static SoapFaultSpec DestinationUnreachable(string? to) =>
        SoapFaultSpec.Sender(AddressFilterMismatchReason(to), "DestinationUnreachable", SoapNamespaces.Addressing10);

    /// <summary>
    /// No operation has the action: Sender, subcode a:ActionNotSupported in the binding's addressing namespace (on
    /// basicHttp WCF's "addressing/none" one, which SOAP 1.1 writes as the faultcode itself).
    /// </summary>
    public static SoapFaultSpec ActionNotSupported(WireBinding binding, string? action)
    {
        ArgumentNullException.ThrowIfNull(binding);
        return SoapFaultSpec.Sender(
            ContractFilterMismatchReason(action),
            "ActionNotSupported",
            binding.UsesAddressing ? SoapNamespaces.Addressing10 : SoapNamespaces.AddressingNone);
    }

    /// <summary>The bytes are not a readable envelope of the endpoint's SOAP version and encoding: a Sender fault.</summary>
    public static SoapFaultSpec MalformedMessage(string detail) =>
        SoapFaultSpec.Sender("The message could not be read: " + detail);

    /// <summary>The body does not fit the operation: Sender, subcode a:DeserializationFailed (WCF's dispatcher namespace).</summary>
    public static SoapFaultSpec DeserializationFailed(string operation, string detail) => SoapFaultSpec.Sender(
        $"Error in deserializing body of request message for operation '{operation}'. {detail}",
        "DeserializationFailed",
        SoapNamespaces.Dispatcher);

    /// <summary>A fault the injector chose for request <paramref name="requestNumber"/>: Receiver, reason starting "Injected fault".</summary>
    public static SoapFaultSpec Injected(long requestNumber) => SoapFaultSpec.Receiver(
        string.Create(CultureInfo.InvariantCulture, $"{InjectedReasonPrefix} (request {requestNumber})."));

    /// <summary>The reply would be larger than the stub writes: Receiver, as a WCF service whose reply exceeds its quota.</summary>
    public static SoapFaultSpec ReplyTooLarge() =>
        SoapFaultSpec.Receiver("The reply is larger than the largest message the stub writes.");

    /// <summary>A compressed request that cannot be decoded (Wire's CompressedBodyDecoder says why): Sender, HTTP 413 for a bomb, else 400.</summary>
    public static SoapFaultSpec UndecodableRequest(string problem) => SoapFaultSpec.Sender(problem);

    private static string? Quoted(string? value) =>
        value is { Length: > MaxQuotedLength } ? string.Concat(value.AsSpan(0, MaxQuotedLength), "...") : value;
}
