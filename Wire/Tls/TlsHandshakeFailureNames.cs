namespace SoapRouter.Wire.Tls;

/// <summary>The camelCase names of <see cref="TlsHandshakeFailure"/> values, as metrics and logs write them.</summary>
public static class TlsHandshakeFailureNames
{
    // Indexed by the enum's value, built once: no string is made per failure.
    private static readonly string[] Names = ["timeout", "plainHttp", "notTls", "peerClosed", "clientCertificate", "protocol", "cancelled", "empty"];

    /// <summary>Every name, in the enum's order.</summary>
    public static IReadOnlyList<string> All => Names;

    /// <summary>The name of <paramref name="failure"/>.</summary>
    public static string Of(TlsHandshakeFailure failure) =>
        (uint)failure < (uint)Names.Length ? Names[(int)failure] : throw new ArgumentOutOfRangeException(nameof(failure), failure, "Unknown failure.");
}
