using System.Net;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>Hot reload seen from the listeners: routes and clusters follow it, bound addresses do not.</summary>
public sealed class ListenerReloadTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    [Fact]
    public async Task Reload_NewClusterIsUsedAtOnce_AndAChangedListenerListIsReportedAsNeedingARestart()
    {
        await using var first = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var second = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [first.Address()]));
        await using var router = await ListeningRouter.StartAsync(config);
        var address = router.Address("basic");
        var changed = new TaskCompletionSource<RouterState>(TaskCreationOptions.RunContinuationsAsynchronously);
        router.Host.Runtime.StateChanged += (_, state) => changed.TrySetResult(state);

        var reloaded = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [second.Address()], prefix: "n")) with
        {
            Listeners = [.. ListeningRouter.StandardListeners, TestConfigs.Listener("extra", WireBindingNames.BasicHttp, "http://127.0.0.1:0/extra")],
        };
        await File.WriteAllTextAsync(router.ConfigFile, TestConfigs.ToJson(reloaded));
        await changed.Task.WaitAsync(TimeSpan.FromSeconds(15));

        using var request = SoapMessages.Request(address, "basic", SoapMessages.Soap11(10));
        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Empty(first.Requests);
        Assert.Single(second.Requests);
        Assert.Equal(address, router.Address("basic"));
        Assert.False(router.Host.Listeners.BoundAddresses.ContainsKey("extra"));
        await router.Log.WaitFor(LogLevel.Warning, "changes the listeners").WaitAsync(TimeSpan.FromSeconds(10));
    }

    [Fact]
    public async Task Reload_WhileAMessageIsInFlight_ThatMessageIsAnsweredByTheDestinationItWentTo()
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var reply = SoapMessages.Soap11(10, "EchoResponse");
        await using var first = await RecordingBackend.StartAsync(async (context, _, _) =>
        {
            await release.Task.WaitAsync(TimeSpan.FromSeconds(30));
            await RecordingBackend.Replies(200, SoapMessages.Soap11ContentType, reply)(context, null!, null!);
        });
        await using var second = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [first.Address()])));
        var changed = new TaskCompletionSource<RouterState>(TaskCreationOptions.RunContinuationsAsynchronously);
        router.Host.Runtime.StateChanged += (_, state) => changed.TrySetResult(state);
        using var held = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(10));
        var inFlight = Client.SendAsync(held);
        await Eventually.TrueAsync(() => Task.FromResult(!first.Requests.IsEmpty), "the first backend never got the message");

        // The reload drops the cluster's only destination while its message waits there.
        var reloaded = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [second.Address()], prefix: "n"));
        await File.WriteAllTextAsync(router.ConfigFile, TestConfigs.ToJson(reloaded));
        await changed.Task.WaitAsync(TimeSpan.FromSeconds(15));
        release.SetResult();
        using var response = await inFlight.WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(reply, await response.Content.ReadAsByteArrayAsync());
        Assert.Empty(second.Requests);
        Assert.Equal(0, router.Statistics.Snapshot().Faults.BackendUnavailable);
    }
}
