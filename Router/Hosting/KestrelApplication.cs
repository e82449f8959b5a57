namespace SoapRouter.Hosting;

/// <summary>
/// The A/B switch of issue 37: <see cref="Variable"/>=1 at start serves listener ports with the router's own
/// <see cref="ListenerApplication{TInner}"/> on Kestrel (no ASP.NET Core hosting per request); the admin address keeps
/// ASP.NET Core's pipeline either way. Kestrel still parses every request.
/// </summary>
internal static class KestrelApplication
{
    /// <summary>The environment variable: "1" turns the router's own Kestrel application on.</summary>
    public const string Variable = "SOAPROUTER_KESTREL_APP";

    /// <summary>True when <see cref="Variable"/> is "1" (read once per process).</summary>
    public static readonly bool Enabled = Environment.GetEnvironmentVariable(Variable) == "1";
}
