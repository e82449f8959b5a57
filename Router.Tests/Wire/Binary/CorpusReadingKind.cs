using System.Runtime.Serialization;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>An enum of the corpus's DataContract body.</summary>
[DataContract(Namespace = "urn:corpus:data")]
public enum CorpusReadingKind
{
    /// <summary>The first value.</summary>
    [EnumMember]
    Temperature,

    /// <summary>The second value.</summary>
    [EnumMember]
    Pressure,
}
