using System.Runtime.Serialization;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// A DataContract body for the session corpus: the serializer writes its member names and namespace as dictionary
/// strings, so a session encoder puts them in the session dictionary; the int and double arrays become Array records.
/// </summary>
[DataContract(Namespace = "urn:corpus:data")]
public sealed class CorpusReading
{
    /// <summary>A plain string member.</summary>
    [DataMember(Order = 0)]
    public string? Sensor { get; set; }

    /// <summary>An enum member: its value is written as a dictionary string too.</summary>
    [DataMember(Order = 1)]
    public CorpusReadingKind Kind { get; set; }

    /// <summary>Becomes an Array record of Int32 values.</summary>
    [DataMember(Order = 2)]
    public int[]? Samples { get; set; }

    /// <summary>Becomes an Array record of Double values.</summary>
    [DataMember(Order = 3)]
    public double[]? Values { get; set; }

    /// <summary>A DateTime member.</summary>
    [DataMember(Order = 4)]
    public DateTime Taken { get; set; }

    /// <summary>A Guid member.</summary>
    [DataMember(Order = 5)]
    public Guid Id { get; set; }

    /// <summary>Nested contracts, each naming its members again.</summary>
    [DataMember(Order = 6)]
    public List<CorpusNote>? Notes { get; set; }
}
