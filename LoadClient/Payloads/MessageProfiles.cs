using System.Collections.Frozen;
using Samples.Payloads;

namespace LoadClient.Payloads;

/// <summary>
/// The command line's message profiles: the seed experiment's simple, medium and complex messages (gzip ratio ~0.1,
/// ~0.4, ~0.9), each one of Samples' <see cref="PayloadProfile"/>s; the profile names themselves stay accepted as aliases.
/// </summary>
internal static class MessageProfiles
{
    /// <summary>Highly redundant data: <see cref="PayloadProfile.HighlyCompressible"/>.</summary>
    public const string Simple = "simple";

    /// <summary>Word-list text and numbers: <see cref="PayloadProfile.Compressible"/>.</summary>
    public const string Medium = "medium";

    /// <summary>Mostly random bytes: <see cref="PayloadProfile.Incompressible"/>.</summary>
    public const string Complex = "complex";

    /// <summary>The names help and errors show; aliases are accepted too but not advertised.</summary>
    public static IReadOnlyList<string> Names { get; } = [Simple, Medium, Complex];

    private static readonly FrozenDictionary<string, PayloadProfile> ByName = new Dictionary<string, PayloadProfile>(StringComparer.OrdinalIgnoreCase)
    {
        [Simple] = PayloadProfile.HighlyCompressible,
        [Medium] = PayloadProfile.Compressible,
        [Complex] = PayloadProfile.Incompressible,
        [nameof(PayloadProfile.HighlyCompressible)] = PayloadProfile.HighlyCompressible,
        [nameof(PayloadProfile.Compressible)] = PayloadProfile.Compressible,
        [nameof(PayloadProfile.Incompressible)] = PayloadProfile.Incompressible,
    }.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);

    /// <summary>The profile named <paramref name="name"/> (a message profile or an alias, any case).</summary>
    public static bool TryGet(string name, out PayloadProfile profile) => ByName.TryGetValue(name, out profile);

    /// <summary>The message-profile name of <paramref name="profile"/>.</summary>
    public static string NameOf(PayloadProfile profile) => profile switch
    {
        PayloadProfile.HighlyCompressible => Simple,
        PayloadProfile.Compressible => Medium,
        PayloadProfile.Incompressible => Complex,
        _ => throw new ArgumentOutOfRangeException(nameof(profile), profile, "Unknown payload profile."),
    };
}
