namespace SoapRouter.Tests.Wire.Framing;

/// <summary>One record a server sent, as a test client read it.</summary>
/// <param name="Type">The record type octet.</param>
/// <param name="Payload">A Sized Envelope's payload; empty for other records.</param>
/// <param name="Fault">A Fault record's URI; null for other records.</param>
internal sealed record ServerRecord(byte Type, byte[] Payload, string? Fault)
{
    public const byte SizedEnvelope = 0x06;
    public const byte End = 0x07;
    public const byte FaultType = 0x08;
    public const byte UpgradeResponse = 0x0A;
    public const byte PreambleAck = 0x0B;

    public bool IsPreambleAck => Type == PreambleAck;

    public bool IsUpgradeResponse => Type == UpgradeResponse;

    public bool IsEnd => Type == End;

    public override string ToString() => Fault is not null ? $"Fault {Fault}" : $"record 0x{Type:X2} ({Payload.Length} bytes)";
}
