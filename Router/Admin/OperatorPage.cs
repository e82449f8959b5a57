using System.Collections.Frozen;

namespace SoapRouter.Admin;

/// <summary>
/// The operator's page: GET / and its script and style, embedded in the router (Admin/Page) and served from memory with
/// a Content-Security-Policy that lets the page load and ask for nothing but this address. The page itself holds no
/// figures, so it is served without admin.authToken; the figures it reads (/stats, /overview) need the token.
/// </summary>
internal static class OperatorPage
{
    /// <summary>Same origin only, no inline script or style, no frames, no forms to elsewhere.</summary>
    public const string ContentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static readonly FrozenDictionary<string, Asset> Assets = new Dictionary<string, Asset>(StringComparer.Ordinal)
    {
        ["/"] = Load("index.html", "text/html; charset=utf-8"),
        ["/page.js"] = Load("page.js", "text/javascript; charset=utf-8"),
        ["/page.css"] = Load("page.css", "text/css; charset=utf-8"),
    }.ToFrozenDictionary(StringComparer.Ordinal);

    /// <summary>True when <paramref name="path"/> is one of the page's files.</summary>
    public static bool Serves(string? path) => path is not null && Assets.ContainsKey(path);

    /// <summary>Writes the file at the request's path.</summary>
    public static Task WriteAsync(HttpContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var asset = Assets[context.Request.Path.Value!];
        var response = context.Response;
        var headers = response.Headers;
        response.ContentType = asset.ContentType;
        response.ContentLength = asset.Bytes.Length;
        headers.ContentSecurityPolicy = ContentSecurityPolicy;
        headers.XContentTypeOptions = "nosniff";
        headers.CacheControl = "no-cache";
        headers["Referrer-Policy"] = "no-referrer";
        return HttpMethods.IsHead(context.Request.Method)
            ? Task.CompletedTask
            : response.Body.WriteAsync(asset.Bytes, context.RequestAborted).AsTask();
    }

    private static Asset Load(string name, string contentType)
    {
        using var stream = typeof(OperatorPage).Assembly.GetManifestResourceStream("SoapRouter.Admin.Page." + name)
            ?? throw new InvalidOperationException("the router was built without its page file " + name);
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        return new Asset(copy.ToArray(), contentType);
    }

    private sealed record Asset(byte[] Bytes, string ContentType);
}
