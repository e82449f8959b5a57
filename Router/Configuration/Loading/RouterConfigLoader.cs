using System.Text;
using System.Text.Json;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Configuration;

/// <summary>
/// Reads router.json into a <see cref="RouterConfig"/>. Every problem comes back as a value in
/// <see cref="RouterConfigLoadResult.Errors"/>; nothing here throws for a bad file.
/// </summary>
public static class RouterConfigLoader
{
    private static ReadOnlySpan<byte> Utf8Bom => [0xEF, 0xBB, 0xBF];

    /// <summary>Parses JSON text: syntax, types and property names only (no semantic validation).</summary>
    public static RouterConfigLoadResult Parse(string json) => Parse(Encoding.UTF8.GetBytes(json));

    /// <summary>Parses UTF-8 JSON: syntax, types and property names only (no semantic validation).</summary>
    public static RouterConfigLoadResult Parse(ReadOnlyMemory<byte> utf8)
    {
        utf8 = WithoutBom(utf8);
        var typeInfo = RouterConfigJson.RouterConfig;
        var errors = RouterConfigJsonChecker.Check(utf8, typeInfo);
        if (errors.Count > 0)
        {
            return RouterConfigLoadResult.Failure(errors);
        }

        try
        {
            var config = JsonSerializer.Deserialize(utf8.Span, typeInfo);
            return config is null
                ? RouterConfigLoadResult.Failure(["(root): expected an object but found null"])
                : new RouterConfigLoadResult { Config = config };
        }
        catch (JsonException ex)
        {
            // The checker walks the same metadata, so this is a gap in it; still report, never crash.
            return RouterConfigLoadResult.Failure([RouterConfigJsonChecker.DescribeSyntaxError(ex)]);
        }
    }

    /// <summary>Parses JSON text, then validates it; the result carries a config only when both pass.</summary>
    public static RouterConfigLoadResult Load(string json) => Load(Encoding.UTF8.GetBytes(json));

    /// <summary>
    /// The environment variable that, when set, replaces admin.address of every file loaded (at start and at each
    /// reload). For containers, where the address to bind is known only when the container starts: with several
    /// replicas each one has its own address on the internal network (Router/docker-entrypoint.sh finds it).
    /// </summary>
    public const string AdminAddressVariable = "ROUTER_ADMIN_ADDRESS";

    /// <summary>Parses UTF-8 JSON, then validates it; the result carries a config only when both pass. Relative TLS file paths are read from the working directory.</summary>
    public static RouterConfigLoadResult Load(ReadOnlyMemory<byte> utf8) => LoadRelativeTo(utf8, Environment.CurrentDirectory);

    /// <summary>As <see cref="Load(ReadOnlyMemory{byte})"/>, with relative TLS file paths read from <paramref name="baseDirectory"/> (router.json's folder).</summary>
    public static RouterConfigLoadResult LoadRelativeTo(ReadOnlyMemory<byte> utf8, string baseDirectory) =>
        Load(utf8, Environment.GetEnvironmentVariable(AdminAddressVariable), baseDirectory);

    /// <summary>As <see cref="Load(ReadOnlyMemory{byte}, string)"/>, with <paramref name="adminAddress"/> (when not empty) in place of the file's admin.address.</summary>
    internal static RouterConfigLoadResult Load(ReadOnlyMemory<byte> utf8, string? adminAddress, string? baseDirectory = null)
    {
        baseDirectory ??= Environment.CurrentDirectory;
        var parsed = Parse(utf8);
        if (!parsed.Succeeded)
        {
            return WithSemanticErrors(parsed, utf8, baseDirectory);
        }

        parsed = parsed with { Config = TlsPaths.Resolve(parsed.Config, baseDirectory) };
        if (!string.IsNullOrWhiteSpace(adminAddress))
        {
            parsed = parsed with { Config = parsed.Config with { Admin = parsed.Config.Admin with { Address = adminAddress.Trim() } } };
        }

        var validation = RouterConfigValidator.Validate(parsed.Config);
        return validation.IsValid
            ? parsed with { Warnings = validation.Warnings }
            : RouterConfigLoadResult.Failure(validation.Errors, validation.Warnings);
    }

    // A file whose only structural problems are, say, a misspelt property still maps onto the records; validating
    // that best-effort reading reports the remaining mistakes now instead of one edit-and-retry cycle later.
    private static RouterConfigLoadResult WithSemanticErrors(RouterConfigLoadResult parsed, ReadOnlyMemory<byte> utf8, string baseDirectory)
    {
        RouterConfig? lenient;
        try
        {
            lenient = JsonSerializer.Deserialize(WithoutBom(utf8).Span, RouterConfigJson.LenientRouterConfig);
        }
        catch (JsonException)
        {
            return parsed;
        }

        if (lenient is null)
        {
            return parsed;
        }

        var validation = RouterConfigValidator.Validate(TlsPaths.Resolve(lenient, baseDirectory));
        return RouterConfigLoadResult.Failure([.. parsed.Errors, .. validation.Errors], validation.Warnings);
    }

    // Some Windows editors save with a byte order mark, which the JSON reader refuses.
    private static ReadOnlyMemory<byte> WithoutBom(ReadOnlyMemory<byte> utf8) =>
        utf8.Span.StartsWith(Utf8Bom) ? utf8[Utf8Bom.Length..] : utf8;

    /// <summary>Reads, parses and validates a file; a missing or unreadable file is an error in the result.</summary>
    public static RouterConfigLoadResult LoadFile(string path)
    {
        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes(path);
        }
        catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
        {
            return RouterConfigLoadResult.Failure([$"{path}: cannot read the file: {ex.Message}"]);
        }

        return LoadRelativeTo(bytes, Path.GetDirectoryName(Path.GetFullPath(path)) ?? Environment.CurrentDirectory);
    }
}
