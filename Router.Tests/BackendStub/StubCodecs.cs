using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub;

/// <summary>The tests' own WCF codecs (through SoapRouter.Wire), one per HTTP binding, to write requests and read replies as a WCF client would.</summary>
internal static class StubCodecs
{
    /// <summary>Large enough for every message the tests send or receive.</summary>
    public static WireLimits Limits { get; } = WireLimits.ForSize(16 << 20);

    private static readonly Dictionary<WireBinding, MessageCodec> Codecs =
        WireBindings.Http.ToDictionary(binding => binding, binding => binding.CreateCodec(Limits));

    /// <summary>The codec of <paramref name="binding"/>.</summary>
    public static MessageCodec For(WireBinding binding) => Codecs[binding];
}
