using System.Collections.Concurrent;
using System.Diagnostics;
using Microsoft.Playwright;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Admin;

/// <summary>
/// The operator's page in a real browser (Debian's chromium through Playwright) against a real router under traffic: it
/// names every route and destination, its charts move, a stopped destination shows as down within its probe interval,
/// admin.authToken is asked for, and nothing is requested from another host.
/// </summary>
public sealed class OperatorPageBrowserTests
{
    private static readonly TimeSpan ProbeInterval = TimeSpan.FromSeconds(1);
    private static readonly string[] Routes = ["echo", "orders", "spare"];

    [ChromiumFact]
    public async Task Page_UnderTraffic_NamesEveryRouteAndDestination_ChartsMove_AndLoadsNothingFromAnotherHost()
    {
        await using var setup = await RouterUnderTraffic.StartAsync();
        await using var chromium = await Chromium.LaunchAsync();
        var page = await chromium.Browser.NewPageAsync(new BrowserNewPageOptions { ViewportSize = new ViewportSize { Width = 1400, Height = 900 } });
        var requests = RecordRequests(page);
        var errors = RecordConsoleErrors(page);

        var response = await page.GotoAsync(setup.Router.Host.AdminAddress!.AbsoluteUri);

        Assert.NotNull(response);
        Assert.Equal(200, response.Status);
        Assert.StartsWith("text/html", response.Headers["content-type"], StringComparison.Ordinal);
        Assert.Contains("default-src 'self'", response.Headers["content-security-policy"], StringComparison.Ordinal);
        await WaitForLiveAsync(page);
        foreach (var route in Routes)
        {
            Assert.Equal(1, await page.Locator($"#routes tr[data-route='{route}']").CountAsync());
        }

        foreach (var destination in new[] { "d1", "d2", "o1" })
        {
            Assert.Equal(1, await page.Locator($"tr[data-destination='{destination}']").CountAsync());
        }

        // The charts move: more readings, and the messages line redrawn with traffic on it.
        var chart = page.Locator("#chart-messages svg");
        var first = await chart.Locator("polyline").GetAttributeAsync("points");
        await Eventually.TrueAsync(
            async () => int.Parse(await chart.GetAttributeAsync("data-points") ?? "0", System.Globalization.CultureInfo.InvariantCulture) >= 3
                && await chart.Locator("polyline").GetAttributeAsync("points") != first,
            "the messages chart did not move",
            TimeSpan.FromSeconds(20));
        Assert.NotEqual("–", await page.Locator("#routes tr[data-route='echo'] td").Nth(1).TextContentAsync());
        await Eventually.TrueAsync(
            async () => System.Text.RegularExpressions.Regex.IsMatch(await page.Locator("#routes tr[data-route='echo'] td").Nth(6).TextContentAsync() ?? "", "^≤ [0-9.]+ m?s$"),
            "the echo route shows no p99");

        Assert.True(await page.Locator("#queues-section").IsHiddenAsync(), "the queues section shows without durable delivery");

        // The paths: verbatim and re-encoded, then what the router's transcoders did with re-encoded messages and what they left to WCF.
        var paths = await page.Locator("#paths tbody tr > :first-child").AllTextContentsAsync();
        Assert.Equal(
            ["verbatim (bytes as received)", "re-encoded", "re-encoded: requests transcoded by the router", "re-encoded: replies transcoded by the router",
             "re-encoded: requests WCF re-encoded (transcoder refused)", "re-encoded: replies WCF re-encoded (transcoder refused)"],
            paths);

        await SaveScreenshotAsync(page);
        var admin = setup.Router.Host.AdminAddress!;
        Assert.All(requests, url => Assert.True(
            url.Scheme == admin.Scheme && url.Authority == admin.Authority, $"the page requested {url} (another host)"));
        Assert.Contains(requests, url => url.AbsolutePath == "/stats");
        Assert.Empty(errors);
    }

    [ChromiumFact]
    public async Task Page_DestinationStopped_ShowsDownWithinItsProbeInterval()
    {
        await using var setup = await RouterUnderTraffic.StartAsync();
        await using var chromium = await Chromium.LaunchAsync();
        var page = await chromium.Browser.NewPageAsync();
        await page.GotoAsync(setup.Router.Host.AdminAddress!.AbsoluteUri);
        await WaitForLiveAsync(page);
        var state = page.Locator("tr[data-destination='d2'] td.state");
        Assert.Equal("healthy", await state.GetAttributeAsync("data-state"));

        var stopped = Stopwatch.StartNew();
        await setup.StopSecondAsync();

        // One failed probe marks it down (unhealthyThreshold 1); the page reads every 2 s.
        await state.And(page.Locator("[data-state='unhealthy']")).WaitForAsync(new LocatorWaitForOptions { Timeout = 15_000 });
        Assert.Contains("down", await state.TextContentAsync(), StringComparison.Ordinal);
        // The next probe (within the interval) fails at once (connection refused, at most its timeout), the page's next
        // read (within 2 s) shows it; 2 s more for a busy machine's scheduling.
        var bound = ProbeInterval + TimeSpan.FromSeconds(1) + TimeSpan.FromSeconds(2) + TimeSpan.FromSeconds(2);
        Assert.True(stopped.Elapsed <= bound, $"shown down after {stopped.Elapsed.TotalSeconds:F1} s (bound {bound.TotalSeconds} s)");
        Assert.Equal("healthy", await page.Locator("tr[data-destination='d1'] td.state").GetAttributeAsync("data-state"));
    }

    [ChromiumFact]
    public async Task Page_WithAuthToken_AsksForIt_AndTheFiguresAreRefusedWithout()
    {
        const string Token = "page-token-5678";
        await using var setup = await RouterUnderTraffic.StartAsync(Token);
        await using var chromium = await Chromium.LaunchAsync();
        var page = await chromium.Browser.NewPageAsync();
        var statuses = new ConcurrentQueue<(string Path, int Status)>();
        page.Response += (_, response) => statuses.Enqueue((new Uri(response.Url).AbsolutePath, response.Status));

        await page.GotoAsync(setup.Router.Host.AdminAddress!.AbsoluteUri);

        await page.Locator("#token-form").WaitForAsync(new LocatorWaitForOptions { State = WaitForSelectorState.Visible, Timeout = 15_000 });
        Assert.Contains("admin token", await page.Locator("#status").TextContentAsync(), StringComparison.Ordinal);
        Assert.Equal(0, await page.Locator("tr[data-route]").CountAsync());
        Assert.Contains(statuses, s => s.Path == "/stats" && s.Status == 401);
        Assert.Equal(401, await page.EvaluateAsync<int>("async () => (await fetch('/overview')).status"));

        await page.Locator("#token").FillAsync("wrong");
        await page.Locator("#token-form button[type=submit]").ClickAsync();
        await Eventually.TrueAsync(
            async () => (await page.Locator("#status").TextContentAsync())!.Contains("refused the token", StringComparison.Ordinal),
            "a wrong token was not reported");
        Assert.Equal(0, await page.Locator("tr[data-route]").CountAsync());

        await page.Locator("#token").FillAsync(Token);
        await page.Locator("#token-form button[type=submit]").ClickAsync();
        await WaitForLiveAsync(page);
        Assert.True(await page.Locator("#token-form").IsHiddenAsync());
        Assert.Equal(Routes.Length, await page.Locator("#routes tr[data-route]").CountAsync());
        Assert.Equal(Token, await page.EvaluateAsync<string>("() => sessionStorage.getItem('soaprouter.adminToken')"));
    }

    [ChromiumFact]
    public async Task Page_RouterStopped_SaysItCannotReadTheFigures_AndKeepsTheLastOnes()
    {
        var setup = await RouterUnderTraffic.StartAsync();
        await using var chromium = await Chromium.LaunchAsync();
        var page = await chromium.Browser.NewPageAsync();
        await page.GotoAsync(setup.Router.Host.AdminAddress!.AbsoluteUri);
        await WaitForLiveAsync(page);

        await setup.DisposeAsync();

        await page.Locator("#status[data-state='error']").WaitForAsync(new LocatorWaitForOptions { Timeout = 15_000 });
        Assert.Contains("Cannot read the router's figures", await page.Locator("#status").TextContentAsync(), StringComparison.Ordinal);
        Assert.Equal(Routes.Length, await page.Locator("#routes tr[data-route]").CountAsync());
    }

    [ChromiumFact]
    public async Task Page_AThousandRoutes_ShowsThemFiftyAtATime_AndFindsOneByName()
    {
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(WireBindings.Soap12Http).ToString();
        var routes = Enumerable.Range(0, 1000).Select(i => TestConfigs.Route($"r{i:D4}", "main", TestConfigs.MatchAll())).ToArray();
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(routes, new() { ["main"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [address]) }));
        await using var chromium = await Chromium.LaunchAsync();
        var page = await chromium.Browser.NewPageAsync();

        await page.GotoAsync(router.Host.AdminAddress!.AbsoluteUri);
        await WaitForLiveAsync(page);

        Assert.Equal(50, await page.Locator("#routes tr[data-route]").CountAsync());
        Assert.Equal("page 1 of 20 (1000 routes)", await page.Locator("#route-page").TextContentAsync());
        await page.Locator("#route-filter").FillAsync("r0999");
        Assert.Equal(1, await page.Locator("#routes tr[data-route='r0999']").CountAsync());
        await page.Locator("#route-filter").FillAsync("");
        await page.Locator("#route-next").ClickAsync();
        Assert.Equal(1, await page.Locator("#routes tr[data-route='r0050']").CountAsync());
    }

    [ChromiumFact]
    public async Task Page_DurableRoute_ShowsItsQueue_WhichOtherwiseStaysHidden()
    {
        await using var stub = await RunningStub.StartAsync();
        using var directory = new TempDirectory();
        await using var router = await ListeningRouter.StartAsync(
            Integration.DurableDeliveryTests.Config(stub.Address(WireBindings.Soap12Http).AbsoluteUri, directory.File("queues")));
        using (var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12")))
        {
            await client.Channel.SubmitOrderAsync(new Order { CustomerId = 1, OrderId = Guid.NewGuid().ToString("D") });
        }

        await using var chromium = await Chromium.LaunchAsync();
        var page = await chromium.Browser.NewPageAsync();
        await page.GotoAsync(router.Host.AdminAddress!.AbsoluteUri);
        await WaitForLiveAsync(page);

        Assert.True(await page.Locator("#queues-section").IsVisibleAsync());
        Assert.Equal(1, await page.Locator("#queues tr[data-queue='orders']").CountAsync());
        Assert.Contains("Store: local", await page.Locator("#queue-store").TextContentAsync(), StringComparison.Ordinal);
    }

    private static async Task WaitForLiveAsync(IPage page) =>
        await page.Locator("#status[data-state='ok']").WaitForAsync(new LocatorWaitForOptions { Timeout = 15_000 });

    private static ConcurrentQueue<Uri> RecordRequests(IPage page)
    {
        var requests = new ConcurrentQueue<Uri>();
        page.Request += (_, request) => requests.Enqueue(new Uri(request.Url));
        return requests;
    }

    private static ConcurrentQueue<string> RecordConsoleErrors(IPage page)
    {
        var errors = new ConcurrentQueue<string>();
        page.Console += (_, message) =>
        {
            // The browser asks for /favicon.ico on its own; the router has none (404), which is not the page's error.
            if (message.Type == "error" && !message.Text.Contains("404", StringComparison.Ordinal))
            {
                errors.Enqueue(message.Text);
            }
        };
        page.PageError += (_, error) => errors.Enqueue(error);
        return errors;
    }

    // docs/images/operator-page.png is taken by scripts/operator-page-screenshot.sh, which sets this variable.
    private static async Task SaveScreenshotAsync(IPage page)
    {
        var path = Environment.GetEnvironmentVariable("SOAPROUTER_PAGE_SCREENSHOT");
        if (!string.IsNullOrEmpty(path))
        {
            // A minute of readings, so the charts show lines rather than their first points.
            await Task.Delay(TimeSpan.FromSeconds(60));
            await page.ScreenshotAsync(new PageScreenshotOptions { Path = path, FullPage = true });
        }
    }

    /// <summary>
    /// A real router with two clusters (main: d1 and d2, probed every second; other: o1) on two stubs, three routes, and
    /// a WCF client calling it about 50 times a second until disposed.
    /// </summary>
    private sealed class RouterUnderTraffic : IAsyncDisposable
    {
        private readonly RunningStub _first;
        private readonly CancellationTokenSource _stop = new();
        private readonly StubWcfClient<IEchoService> _client;
        private readonly Task _traffic;
        private RunningStub? _second;
        private bool _disposed;

        private RouterUnderTraffic(RunningStub first, RunningStub second, ListeningRouter router)
        {
            _first = first;
            _second = second;
            Router = router;
            _client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
            _traffic = Task.Run(SendAsync);
        }

        public ListeningRouter Router { get; }

        public static async Task<RouterUnderTraffic> StartAsync(string? authToken = null)
        {
            var first = await RunningStub.StartAsync();
            var second = await RunningStub.StartAsync();
            var main = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [first.Address(WireBindings.Soap12Http).ToString(), second.Address(WireBindings.Soap12Http).ToString()]) with
            {
                HealthCheck = new HealthCheckConfig { Interval = ProbeInterval, Timeout = TimeSpan.FromSeconds(1), HealthyThreshold = 1, UnhealthyThreshold = 1 },
            };
            var other = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [first.Address(WireBindings.Soap12Http).ToString()], prefix: "o");
            var config = ListeningRouter.Config(
                [TestConfigs.Route(Routes[0], "main", TestConfigs.MatchAll()), TestConfigs.Route(Routes[1], "main", TestConfigs.Action("urn:orders")), TestConfigs.Route(Routes[2], "other", TestConfigs.Action("urn:spare"))],
                new() { ["main"] = main, ["other"] = other });
            if (authToken is not null)
            {
                config = config with { Admin = config.Admin with { AuthToken = authToken } };
            }

            var router = await ListeningRouter.StartAsync(config);
            return new RouterUnderTraffic(first, second, router);
        }

        /// <summary>Stops d2's stub.</summary>
        public async Task StopSecondAsync()
        {
            var second = Interlocked.Exchange(ref _second, null);
            if (second is not null)
            {
                await second.DisposeAsync();
            }
        }

        public async ValueTask DisposeAsync()
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            await _stop.CancelAsync();
            await _traffic;
            _client.Dispose();
            await Router.DisposeAsync();
            await StopSecondAsync();
            await _first.DisposeAsync();
            _stop.Dispose();
        }

        private async Task SendAsync()
        {
            while (!_stop.IsCancellationRequested)
            {
                try
                {
                    await _client.Channel.EchoAsync(new EchoPayload { Text = "page" });
                }
                catch (Exception e) when (e is System.ServiceModel.CommunicationException or TimeoutException)
                {
                    // A call to the stopped destination fails over or faults; the traffic goes on.
                }

                try
                {
                    await Task.Delay(20, _stop.Token);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }
    }
}
