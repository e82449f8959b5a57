using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>One direction of one session: the payloads one session encoder wrote, in order.</summary>
/// <param name="Name">What the session is, for messages.</param>
/// <param name="Binding">netTcp or its August 2004 variant.</param>
/// <param name="Payloads">The msbinsession1 payloads, string table first.</param>
internal sealed record CorpusSession(string Name, WireBinding Binding, IReadOnlyList<byte[]> Payloads)
{
    /// <inheritdoc />
    public override string ToString() => $"{Name} ({Binding})";
}
