using System.ServiceModel.Channels;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>One corpus envelope: what it is, the version it was written in, its msbin1 bytes.</summary>
/// <param name="Name">What the envelope is, for messages.</param>
/// <param name="Version">The SOAP and WS-Addressing versions.</param>
/// <param name="Msbin1">The session-free msbin1 bytes.</param>
internal sealed record Msbin1Case(string Name, MessageVersion Version, byte[] Msbin1)
{
    /// <inheritdoc />
    public override string ToString() => $"{Name} ({Version})";
}
