namespace SoapRouter.Health;

/// <summary>How the outlier detector takes one attempt's outcome.</summary>
internal enum OutlierVerdict
{
    /// <summary>Says nothing about the destination (the client left, the message could not be encoded for it).</summary>
    NotJudged,

    /// <summary>A timely answer (a SOAP fault included: the service answered).</summary>
    Ok,

    /// <summary>No usable answer, or an answer far slower than the other destinations'.</summary>
    Failed,
}
