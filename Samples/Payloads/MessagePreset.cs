using Samples.Contracts;

namespace Samples.Payloads;

/// <summary>A named message kind of the benchmarks: a profile and a serialized size (see <see cref="MessagePresets"/>).</summary>
/// <param name="Name">Name used on command lines and in reports.</param>
/// <param name="Profile">How compressible the message is.</param>
/// <param name="TargetBytes">Approximate serialized size of the GetOrders reply body.</param>
public sealed record MessagePreset(string Name, PayloadProfile Profile, int TargetBytes)
{
    /// <summary>GetOrders data of this preset's size in <paramref name="encoding"/>, from <paramref name="seed"/>.</summary>
    public Order[] CreateOrders(int seed, PayloadEncoding encoding) =>
        new PayloadGenerator(Profile, seed).CreateOrders(TargetBytes, encoding);

    /// <summary>An echo payload of this preset's size in <paramref name="encoding"/>, from <paramref name="seed"/>.</summary>
    public EchoPayload CreateEcho(int seed, PayloadEncoding encoding) =>
        new PayloadGenerator(Profile, seed).CreateEcho(TargetBytes, encoding);
}
