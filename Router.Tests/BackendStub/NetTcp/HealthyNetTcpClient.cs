using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>
/// A stock WCF client on its own connection to the stub's net.tcp endpoint, opened before a test misbehaves on another
/// connection, to show the stub keeps serving it during and after.
/// </summary>
internal sealed class HealthyNetTcpClient : IDisposable
{
    private readonly StubWcfClient<IEchoService> _client;
    private int _calls;

    private HealthyNetTcpClient(StubWcfClient<IEchoService> client) => _client = client;

    /// <summary>Opens the client and makes its first call, so its connection is up before the test goes on.</summary>
    public static async Task<HealthyNetTcpClient> StartAsync(RunningStub stub)
    {
        var healthy = new HealthyNetTcpClient(StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp)));
        await healthy.AssertWorksAsync();
        return healthy;
    }

    /// <summary>Calls Echo with a text of its own and asserts it comes back.</summary>
    public async Task AssertWorksAsync()
    {
        var text = $"healthy call {++_calls}";
        var echoed = await _client.Channel.EchoAsync(new EchoPayload { Text = text });
        Assert.Equal(text, echoed.Text);
    }

    public void Dispose() => _client.Dispose();
}
