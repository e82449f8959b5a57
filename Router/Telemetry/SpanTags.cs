namespace SoapRouter.Telemetry;

/// <summary>The attribute names of the router's spans.</summary>
internal static class SpanTags
{
    /// <summary>The listener a message arrived on.</summary>
    public const string Listener = "soaprouter.listener";

    /// <summary>The listener's binding (basicHttp, soap12Http, binaryHttp, netTcp).</summary>
    public const string Binding = "soaprouter.binding";

    /// <summary>The SOAP action (OpenTelemetry's RPC convention names the method).</summary>
    public const string Action = "rpc.method";

    /// <summary>Always "soap".</summary>
    public const string RpcSystem = "rpc.system";

    /// <summary>The route that matched.</summary>
    public const string Route = "soaprouter.route";

    /// <summary>The encoded request's size in bytes.</summary>
    public const string RequestSize = "soaprouter.request.size";

    /// <summary>The encoded answer's size in bytes (0 on a session, whose connection encodes it).</summary>
    public const string ResponseSize = "soaprouter.response.size";

    /// <summary>"ok", or the fault kind the message ended with (noRoute, backendFault, backendUnavailable, ...).</summary>
    public const string Outcome = "soaprouter.outcome";

    /// <summary>On a cached action's message: true when the response cache answered it without a backend call of its own.</summary>
    public const string CacheHit = "cache.hit";

    /// <summary>The forwarding path: verbatim or reencoded.</summary>
    public const string Path = "soaprouter.path";

    /// <summary>The destination an attempt went to.</summary>
    public const string Destination = "soaprouter.destination";

    /// <summary>The destination's binding.</summary>
    public const string DestinationBinding = "soaprouter.destination.binding";

    /// <summary>The destination's address.</summary>
    public const string DestinationAddress = "server.address";

    /// <summary>1 for the first attempt of a message, 2 for the next, ...</summary>
    public const string Attempt = "soaprouter.attempt";

    /// <summary>The attempt's result: none, backendFault, connectFailed, requestTimeout, ...</summary>
    public const string AttemptError = "soaprouter.attempt.error";

    /// <summary>The codec a request was compressed with (e.g. lz4).</summary>
    public const string CompressionCodec = "soaprouter.compression.codec";

    /// <summary>Compressed size over original size.</summary>
    public const string CompressionRatio = "soaprouter.compression.ratio";

    /// <summary>The HTTP status a destination answered.</summary>
    public const string HttpStatus = "http.response.status_code";
}
