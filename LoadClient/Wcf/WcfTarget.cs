using System.ServiceModel;
using LoadClient.Driving;

namespace LoadClient.Wcf;

/// <summary>
/// The WCF mode's target: one <see cref="ChannelFactory{TChannel}"/> of <typeparamref name="TContract"/>, as an
/// application caches it, and one channel per worker calling the operation.
/// </summary>
/// <typeparam name="TContract">The service contract (IEchoService, IOrderService).</typeparam>
internal sealed class WcfTarget<TContract> : ILoadTarget
    where TContract : class
{
    private readonly ChannelFactory<TContract> _factory;
    private readonly Func<TContract> _newChannel;
    private readonly WcfEndpoint _endpoint;
    private readonly Func<TContract, Guid, Task> _call;

    /// <summary>Calls <paramref name="call"/> on channels to <paramref name="endpoint"/>.</summary>
    public WcfTarget(WcfEndpoint endpoint, Func<TContract, Task> call)
        : this(endpoint, Plain(endpoint), newChannel: null, WithoutId(call), carriesRequestId: false)
    {
    }

    /// <summary>Calls <paramref name="call"/> on channels to <paramref name="endpoint"/> with a new id for every call, which the call sends (a one-way order's id).</summary>
    public WcfTarget(WcfEndpoint endpoint, Func<TContract, Guid, Task> call)
        : this(endpoint, Plain(endpoint), newChannel: null, call, carriesRequestId: true)
    {
    }

    private WcfTarget(
        WcfEndpoint endpoint, ChannelFactory<TContract> factory, Func<ChannelFactory<TContract>, TContract>? newChannel,
        Func<TContract, Guid, Task> call, bool carriesRequestId)
    {
        ArgumentNullException.ThrowIfNull(call);
        _endpoint = endpoint;
        _call = call;
        CarriesRequestId = carriesRequestId;
        _factory = factory;
        _newChannel = newChannel is null ? () => factory.CreateChannel(endpoint.Address, endpoint.Via) : () => newChannel(factory);
        endpoint.Tls?.Configure(_factory.Credentials);
    }

    /// <summary>
    /// A duplex target (a callback contract on a net.tcp session): one <see cref="DuplexChannelFactory{TChannel}"/>, and
    /// every channel with a <typeparamref name="TCallback"/> instance of its own answering the service's callbacks.
    /// </summary>
    public static WcfTarget<TContract> Duplex<TCallback>(WcfEndpoint endpoint, Func<TContract, Task> call)
        where TCallback : class, new()
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        var factory = new DuplexChannelFactory<TContract>(typeof(TCallback), endpoint.Binding, endpoint.Address);
        return new WcfTarget<TContract>(
            endpoint, factory, f => ((DuplexChannelFactory<TContract>)f).CreateChannel(new InstanceContext(new TCallback()), endpoint.Address, endpoint.Via),
            WithoutId(call), carriesRequestId: false);
    }

    /// <inheritdoc />
    public ILoadChannel CreateChannel(CancellationToken stop) => new WcfChannel<TContract>(this, stop);

    /// <summary>A new, unopened channel; it opens on its first call, so connecting counts in that call's latency.</summary>
    public TContract NewChannel() => _newChannel();

    /// <summary>True when each call sends the id it is given (so an acknowledged call's id can be recorded).</summary>
    public bool CarriesRequestId { get; }

    /// <summary>Makes the call on <paramref name="channel"/>, with <paramref name="id"/> when <see cref="CarriesRequestId"/>.</summary>
    public Task CallAsync(TContract channel, Guid id) => _call(channel, id);

    /// <summary>True for a net.tcp endpoint, whose calls carry the trace context in a SOAP header (no HTTP headers).</summary>
    public bool IsSession => _endpoint.Binding.Scheme == Uri.UriSchemeNetTcp;

    /// <inheritdoc />
    public async ValueTask DisposeAsync() => await WcfClosing.CloseAsync(_factory);

    private static ChannelFactory<TContract> Plain(WcfEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        return new ChannelFactory<TContract>(endpoint.Binding, endpoint.Address);
    }

    private static Func<TContract, Guid, Task> WithoutId(Func<TContract, Task> call)
    {
        ArgumentNullException.ThrowIfNull(call);
        return (channel, _) => call(channel);
    }
}
