using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Hosting;

/// <summary>Starts the built Router.dll as its own process.</summary>
internal static class RouterProcess
{
    /// <summary>Starts the router with <paramref name="arguments"/>.</summary>
    public static DotnetProcess Start(params string[] arguments) => DotnetProcess.Start("Router.dll", arguments);
}
