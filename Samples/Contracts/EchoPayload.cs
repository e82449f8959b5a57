using System.Runtime.Serialization;

namespace Samples.Contracts;

/// <summary>The request and reply body of the echo service: the stub returns what it received.</summary>
[DataContract(Name = "EchoPayload", Namespace = ContractNamespaces.Data)]
public sealed class EchoPayload
{
    /// <summary>Text part of the payload.</summary>
    [DataMember(Order = 0)]
    public string? Text { get; set; }

    /// <summary>Binary part of the payload: base64 in text XML, raw bytes in binary XML.</summary>
    [DataMember(Order = 1)]
    public byte[]? Blob { get; set; }
}
