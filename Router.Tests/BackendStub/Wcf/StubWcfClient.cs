using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub.Wcf;

/// <summary>
/// A stock WCF client (<see cref="ChannelFactory{TChannel}"/> on the binding's System.ServiceModel binding) for one
/// contract: what a real WCF application would use against a WCF service at the stub's address.
/// </summary>
/// <typeparam name="TContract">The [ServiceContract] interface.</typeparam>
internal sealed class StubWcfClient<TContract> : IDisposable
    where TContract : class
{
    private readonly ChannelFactory<TContract> _factory;

    private StubWcfClient(ChannelFactory<TContract> factory, TContract channel)
    {
        _factory = factory;
        Channel = channel;
    }

    /// <summary>The typed channel.</summary>
    public TContract Channel { get; }

    /// <summary>The factory the channel came from (for another channel on its pooled connections).</summary>
    public ChannelFactory<TContract> Factory => _factory;

    /// <summary>
    /// A client of the endpoint at <paramref name="address"/> speaking <paramref name="binding"/>. With
    /// <paramref name="via"/>, the messages go to that address while wsa:To keeps <paramref name="address"/>
    /// (WCF's "via"), to reach an endpoint with a To it does not answer to.
    /// </summary>
    public static StubWcfClient<TContract> Create(WireBinding binding, Uri address, Uri? via = null) =>
        Create(binding.CreateClientBinding(WireLimits.ForSize(8 << 20)), address, via);

    /// <summary>
    /// A client of the endpoint at <paramref name="address"/> on <paramref name="wcfBinding"/> as it is (a secure one,
    /// say); <paramref name="configure"/> sets the factory's credentials before the channel is made. The server
    /// certificate is expected to name localhost (the stub listens on an address, and WCF's net.tcp identity check
    /// compares the certificate's DNS names with the address's host).
    /// </summary>
    public static StubWcfClient<TContract> Create(Binding wcfBinding, Uri address, Uri? via = null, Action<ChannelFactory<TContract>>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(wcfBinding);
        wcfBinding.SendTimeout = TimeSpan.FromSeconds(30);
        wcfBinding.OpenTimeout = TimeSpan.FromSeconds(10);
        var endpoint = new EndpointAddress(address, new DnsEndpointIdentity("localhost"));
        var factory = new ChannelFactory<TContract>(wcfBinding, endpoint);
        configure?.Invoke(factory);
        var channel = via is null ? factory.CreateChannel() : factory.CreateChannel(endpoint, via);
        return new StubWcfClient<TContract>(factory, channel);
    }

    public void Dispose()
    {
        // Abort rather than close: a channel that saw a fault may be faulted, and close would throw.
        ((ICommunicationObject)Channel).Abort();
        _factory.Abort();
    }
}
