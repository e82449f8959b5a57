namespace SoapRouter.Wire.Bindings;

/// <summary>The message encodings, as router.json's <c>encoding</c> key writes them.</summary>
public static class WireEncodingNames
{
    /// <summary>Text XML: the default of basicHttp and soap12Http.</summary>
    public const string Text = "text";

    /// <summary>MTOM (multipart/related with XOP parts), on basicHttp and soap12Http.</summary>
    public const string Mtom = "mtom";

    /// <summary>WCF binary XML: what binaryHttp and netTcp always speak.</summary>
    public const string Binary = "binary";

    /// <summary>The values router.json's encoding key takes.</summary>
    public static readonly IReadOnlyList<string> Configurable = [Text, Mtom];
}
