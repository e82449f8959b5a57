using System.Runtime.Serialization;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>A nested DataContract of the corpus.</summary>
[DataContract(Namespace = "urn:corpus:data")]
public sealed class CorpusNote
{
    /// <summary>Free text.</summary>
    [DataMember(Order = 0)]
    public string? Text { get; set; }

    /// <summary>A decimal member.</summary>
    [DataMember(Order = 1)]
    public decimal Amount { get; set; }

    /// <summary>A TimeSpan member.</summary>
    [DataMember(Order = 2)]
    public TimeSpan Duration { get; set; }
}
