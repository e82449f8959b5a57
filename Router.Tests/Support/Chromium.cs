using Microsoft.Playwright;

namespace SoapRouter.Tests.Support;

/// <summary>
/// Debian's chromium driven by Playwright (which cannot download its own browsers here): headless, no sandbox (tests
/// run as root in containers), and nothing of its own on the network (no QUIC, sync, component updates, background
/// requests), so every request it makes is the page's.
/// </summary>
internal sealed class Chromium : IAsyncDisposable
{
    /// <summary>Where Debian's package puts it.</summary>
    public const string ExecutablePath = "/usr/bin/chromium";

    private static readonly string[] Arguments =
    [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync",
    ];

    private readonly IPlaywright _playwright;

    private Chromium(IPlaywright playwright, IBrowser browser)
    {
        _playwright = playwright;
        Browser = browser;
    }

    /// <summary>The running browser.</summary>
    public IBrowser Browser { get; }

    /// <summary>Starts chromium.</summary>
    public static async Task<Chromium> LaunchAsync()
    {
        var playwright = await Playwright.CreateAsync();
        try
        {
            var browser = await playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
            {
                ExecutablePath = ExecutablePath,
                Headless = true,
                Args = Arguments,
                Timeout = 60_000,
            });
            return new Chromium(playwright, browser);
        }
        catch
        {
            playwright.Dispose();
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await Browser.DisposeAsync();
        _playwright.Dispose();
    }
}
