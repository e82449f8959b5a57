namespace SoapRouter.Configuration;

/// <summary>The values of telemetry.otlp.protocol.</summary>
public static class OtlpProtocols
{
    /// <summary>OTLP over gRPC.</summary>
    public const string Grpc = "grpc";

    /// <summary>OTLP over HTTP with protobuf bodies.</summary>
    public const string HttpProtobuf = "httpProtobuf";

    /// <summary>Every accepted value.</summary>
    public static readonly IReadOnlyList<string> All = [Grpc, HttpProtobuf];
}
