namespace Samples.Payloads;

/// <summary>
/// The tuned shape of each profile. The constants were chosen by measuring GetOrders(100) (see the
/// PayloadGenerator tests); the filler is most of each order, so the ratio changes little with size.
/// </summary>
internal static class ProfileShapes
{
    private static readonly ProfileShape HighlyCompressible = new()
    {
        RepetitiveFields = true,
        Vocabulary = 12,
        SequentialWords = true,
        NumberShare = 0.18,
        NumberDigits = 4,
        BinaryFiller = false,
        ZeroBlockShare = 0,
        NominalFillerLength = 700,
    };

    private static readonly ProfileShape Compressible = new()
    {
        RepetitiveFields = false,
        Vocabulary = WordList.Words.Length,
        SequentialWords = false,
        NumberShare = 0.5,
        NumberDigits = 5,
        BinaryFiller = false,
        ZeroBlockShare = 0,
        NominalFillerLength = 1500,
    };

    private static readonly ProfileShape Incompressible = new()
    {
        RepetitiveFields = false,
        Vocabulary = 0,
        SequentialWords = false,
        NumberShare = 0,
        NumberDigits = 0,
        BinaryFiller = true,
        ZeroBlockShare = 0.04,
        NominalFillerLength = 4000,
    };

    // An echo payload is all filler, with no order fields diluting it, so it needs a filler that is
    // by itself at the profile's ratio: fewer random numbers, more zeroed blocks.
    private static readonly ProfileShape HighlyCompressibleEcho = HighlyCompressible with { NumberShare = 0.1 };

    private static readonly ProfileShape CompressibleEcho = Compressible with { NumberShare = 0.4 };

    private static readonly ProfileShape IncompressibleEcho = Incompressible with { ZeroBlockShare = 0.1 };

    /// <summary>The shape of GetOrders payloads of <paramref name="profile"/>.</summary>
    public static ProfileShape ForOrders(PayloadProfile profile) => profile switch
    {
        PayloadProfile.HighlyCompressible => HighlyCompressible,
        PayloadProfile.Compressible => Compressible,
        PayloadProfile.Incompressible => Incompressible,
        _ => throw UnknownProfile(profile),
    };

    /// <summary>The shape of echo payloads of <paramref name="profile"/>.</summary>
    public static ProfileShape ForEcho(PayloadProfile profile) => profile switch
    {
        PayloadProfile.HighlyCompressible => HighlyCompressibleEcho,
        PayloadProfile.Compressible => CompressibleEcho,
        PayloadProfile.Incompressible => IncompressibleEcho,
        _ => throw UnknownProfile(profile),
    };

    private static ArgumentOutOfRangeException UnknownProfile(PayloadProfile profile) =>
        new(nameof(profile), profile, "Unknown payload profile.");
}
