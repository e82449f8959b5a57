using System.ServiceModel;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>The router's overload answer as a stock WCF client sees it.</summary>
public sealed class WcfOverloadTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false });

    [Fact]
    public async Task RouterBusy_WcfClientGetsServerTooBusyException()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        var limits = new LimitsConfig { MaxConcurrentRequests = 1 };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));
        var address = router.Address("basic");

        // One message holds the only slot: its backend never answers.
        using var stop = new CancellationTokenSource();
        using var holding = SoapMessages.Request(address, "basic", SoapMessages.Soap11(100));
        var held = Client.SendAsync(holding, stop.Token);
        await Eventually.TrueAsync(() => Task.FromResult(!backend.Requests.IsEmpty), "the first message did not reach the backend");

        using var wcf = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, address);
        await Assert.ThrowsAsync<ServerTooBusyException>(() => wcf.Channel.EchoAsync(new EchoPayload { Text = "busy" }));

        await stop.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => held);
    }
}
