using System.CommandLine;
using LoadClient.CommandLine;
using SoapRouter.Wire.Bindings;

namespace LoadClient.Streamed;

/// <summary>
/// <c>LoadClient stream</c>: one streamed transfer of any size with a stock WCF client (TransferMode.Streamed), timed and
/// checked byte for byte; what the streamed-transfer benchmark runs directly against BackendStub and through the router.
/// </summary>
internal static class StreamedTransferCommand
{
    /// <summary>The subcommand's name, LoadClient's first argument.</summary>
    public const string Name = "stream";

    /// <summary>--url.</summary>
    public static readonly Option<Uri?> Url = new("--url")
    {
        Description = "The streamed endpoint: BackendStub's /basicStreamed, /soap12Streamed or /binaryStreamed, or a router's streamed listener (http, https, or net.tcp with --binding netTcp).",
        HelpName = "url",
        Required = true,
        CustomParser = OptionValues.AbsoluteUrl,
    };

    /// <summary>--binding.</summary>
    public static readonly Option<WireBinding> Binding = OptionValues.Binding("--binding", "basicHttp, soap12Http or binaryHttp (text or msbin1), or netTcp (NetTcpBinding streamed), streamed.");

    /// <summary>--direction.</summary>
    public static readonly Option<StreamedDirection?> Direction = OptionValues.Enum("--direction", StreamedDirection.Upload, "upload or download.");

    /// <summary>--bytes.</summary>
    public static readonly Option<long> Bytes = new("--bytes")
    {
        Description = "Bytes of the stream (default 1 GiB).",
        HelpName = "n",
        DefaultValueFactory = _ => 1L << 30,
    };

    /// <summary>--timeout.</summary>
    public static readonly Option<double?> Timeout = OptionValues.Seconds("--timeout", 600, 1, 86_400, "The WCF client's send and receive timeout.");

    /// <summary>--json.</summary>
    public static readonly Option<string?> Json = new("--json")
    {
        Description = "Also write the result as JSON to this file.",
        HelpName = "path",
        CustomParser = OptionValues.OutputFile,
    };

    /// <summary>The command.</summary>
    public static RootCommand Root { get; } = new("LoadClient stream: one streamed upload or download with a stock WCF client, timed and checked by SHA-256.")
    {
        Url, Binding, Direction, Bytes, Timeout, Json,
    };
}
