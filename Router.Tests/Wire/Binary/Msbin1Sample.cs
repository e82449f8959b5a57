using System.Runtime.Serialization;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>A DataContract with a member of each primitive type WCF's binary writer gives a typed text or Array record.</summary>
[DataContract(Namespace = "urn:corpus:sample")]
public sealed class Msbin1Sample
{
    /// <summary>An Int8/16/32 text record, by size.</summary>
    [DataMember] public int Count { get; set; }

    /// <summary>An Int64 text record.</summary>
    [DataMember] public long Total { get; set; }

    /// <summary>A UInt64 text record.</summary>
    [DataMember] public ulong Big { get; set; }

    /// <summary>True or False text.</summary>
    [DataMember] public bool Flag { get; set; }

    /// <summary>Double text.</summary>
    [DataMember] public double Ratio { get; set; }

    /// <summary>Float text.</summary>
    [DataMember] public float Fraction { get; set; }

    /// <summary>Decimal text.</summary>
    [DataMember] public decimal Price { get; set; }

    /// <summary>DateTime text (UTC).</summary>
    [DataMember] public DateTime Utc { get; set; }

    /// <summary>DateTime text (unspecified kind).</summary>
    [DataMember] public DateTime Unspecified { get; set; }

    /// <summary>TimeSpan text.</summary>
    [DataMember] public TimeSpan Duration { get; set; }

    /// <summary>Guid text.</summary>
    [DataMember] public Guid Id { get; set; }

    /// <summary>Bytes text (base64).</summary>
    [DataMember] public byte[]? Blob { get; set; }

    /// <summary>Chars text.</summary>
    [DataMember] public string? Name { get; set; }

    /// <summary>Null: an attribute with a typed value (i:nil="true").</summary>
    [DataMember] public string? Missing { get; set; }

    /// <summary>Array records of each primitive type.</summary>
    [DataMember] public int[]? Ints { get; set; }

    /// <summary>An Array record of Int64.</summary>
    [DataMember] public long[]? Longs { get; set; }

    /// <summary>An Array record of bool.</summary>
    [DataMember] public bool[]? Flags { get; set; }

    /// <summary>An Array record of double.</summary>
    [DataMember] public double[]? Doubles { get; set; }

    /// <summary>An Array record of float.</summary>
    [DataMember] public float[]? Fractions { get; set; }

    /// <summary>An Array record of decimal.</summary>
    [DataMember] public decimal[]? Prices { get; set; }

    /// <summary>An Array record of DateTime.</summary>
    [DataMember] public DateTime[]? Times { get; set; }

    /// <summary>An Array record of TimeSpan.</summary>
    [DataMember] public TimeSpan[]? Durations { get; set; }

    /// <summary>An Array record of Guid.</summary>
    [DataMember] public Guid[]? Ids { get; set; }

    /// <summary>An Array record of Int16.</summary>
    [DataMember] public short[]? Shorts { get; set; }

    /// <summary>Strings: repeated elements, not an Array record.</summary>
    [DataMember] public string[]? Names { get; set; }

    /// <summary>A polymorphic member: written with an xsi:type attribute (a QName value).</summary>
    [DataMember] public object? Anything { get; set; }
}
