namespace SoapRouter.Wire.Bindings;

/// <summary>The WS-Addressing versions, as router.json's <c>addressing</c> key writes them.</summary>
public static class WireAddressingNames
{
    /// <summary>WS-Addressing 1.0 (http://www.w3.org/2005/08/addressing): the default of soap12Http, binaryHttp and netTcp.</summary>
    public const string Addressing10 = "1.0";

    /// <summary>WS-Addressing August 2004 (http://schemas.xmlsoap.org/ws/2004/08/addressing), on soap12Http and binaryHttp.</summary>
    public const string August2004 = "august2004";

    /// <summary>No WS-Addressing: basicHttp, whose action travels in SOAPAction.</summary>
    public const string None = "none";

    /// <summary>The values router.json's addressing key takes.</summary>
    public static readonly IReadOnlyList<string> Configurable = [Addressing10, August2004];
}
