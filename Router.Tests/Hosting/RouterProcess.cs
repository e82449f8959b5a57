using System.Net;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Hosting;

/// <summary>Starts the built Router.dll as its own process.</summary>
internal static class RouterProcess
{
    /// <summary>Starts the router with <paramref name="arguments"/>.</summary>
    public static DotnetProcess Start(params string[] arguments) => DotnetProcess.Start("Router.dll", arguments);

    /// <summary>Starts the router with <paramref name="arguments"/> and <paramref name="environment"/> (null removes a variable).</summary>
    public static DotnetProcess Start(IReadOnlyDictionary<string, string?> environment, params string[] arguments) =>
        DotnetProcess.Start("Router.dll", arguments, environment: environment);

    /// <summary>
    /// Starts the router with <paramref name="arguments"/> under an open-file limit of <paramref name="openFiles"/>, soft
    /// and hard (util-linux's prlimit, which execs dotnet: the process id is the router's).
    /// </summary>
    public static DotnetProcess StartWithOpenFileLimit(int openFiles, params string[] arguments) =>
        DotnetProcess.Start("Router.dll", arguments, launcher: ["prlimit", $"--nofile={openFiles}:{openFiles}"]);

    /// <summary>Polls <paramref name="health"/> until the router answers 200 and returns the body; fails after <paramref name="timeout"/> or if it exits.</summary>
    public static async Task<string> PollHealthAsync(Uri health, DotnetProcess router, TimeSpan timeout)
    {
        ArgumentNullException.ThrowIfNull(router);
        using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(5) };
        var deadline = DateTime.UtcNow + timeout;
        while (DateTime.UtcNow < deadline && !router.HasExited)
        {
            try
            {
                using var response = await client.GetAsync(health);
                if (response.StatusCode == HttpStatusCode.OK)
                {
                    return await response.Content.ReadAsStringAsync();
                }
            }
            catch (HttpRequestException)
            {
                // Not listening yet.
            }

            await Task.Delay(100);
        }

        Assert.Fail($"The router never answered {health}. Its output:{Environment.NewLine}{router.Output}");
        return "";
    }
}
