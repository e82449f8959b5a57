using System.Diagnostics;
using System.Reflection;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A test whose figures are the Release build's (allocation budgets): skipped, with the reason, when the router under
/// test is a Debug build (plain <c>dotnet test</c>), whose unoptimized code allocates and spends differently.
/// </summary>
public sealed class ReleaseFactAttribute : FactAttribute
{
    /// <summary>True when the router assembly was compiled with the JIT optimizer disabled (a Debug build).</summary>
    public static bool RouterIsDebugBuild { get; } =
        typeof(SoapRouter.Configuration.RouterConfig).Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled == true;

    public ReleaseFactAttribute()
    {
        if (RouterIsDebugBuild)
        {
            Skip = "Its budget is a Release figure and the router under test is a Debug build: run `dotnet test SoapRouter.slnx -c Release` (the README's command) to measure it.";
        }
    }
}
