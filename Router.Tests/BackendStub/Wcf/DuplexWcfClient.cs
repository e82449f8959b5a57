using System.ServiceModel;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub.Wcf;

/// <summary>
/// A stock WCF duplex client (<see cref="DuplexChannelFactory{TChannel}"/> on NetTcpBinding) of <see cref="IDuplexService"/>,
/// whose callback records every event and answers Confirm with how many events it has seen.
/// </summary>
internal sealed class DuplexWcfClient : IDisposable
{
    private readonly DuplexChannelFactory<IDuplexService> _factory;

    private DuplexWcfClient(DuplexChannelFactory<IDuplexService> factory, RecordingCallback callback)
    {
        _factory = factory;
        Callback = callback;
        Channel = factory.CreateChannel();
    }

    /// <summary>The typed channel.</summary>
    public IDuplexService Channel { get; }

    /// <summary>What the service called back.</summary>
    public RecordingCallback Callback { get; }

    /// <summary>A duplex client of the service at <paramref name="address"/> over net.tcp (plain).</summary>
    public static DuplexWcfClient Create(Uri address)
    {
        var binding = WireBindings.NetTcp.CreateClientBinding(WireLimits.ForSize(8 << 20));
        binding.SendTimeout = TimeSpan.FromSeconds(30);
        binding.OpenTimeout = TimeSpan.FromSeconds(10);
        binding.CloseTimeout = TimeSpan.FromSeconds(30);
        var callback = new RecordingCallback();
        var factory = new DuplexChannelFactory<IDuplexService>(new InstanceContext(callback), binding, new EndpointAddress(address));
        return new DuplexWcfClient(factory, callback);
    }

    /// <summary>Closes the channel and factory gracefully (End both ways); throws what WCF throws when that fails.</summary>
    public async Task CloseAsync()
    {
        var channel = (ICommunicationObject)Channel;
        await Task.Factory.FromAsync(channel.BeginClose, channel.EndClose, null);
        _factory.Close();
    }

    public void Dispose()
    {
        ((ICommunicationObject)Channel).Abort();
        _factory.Abort();
    }

    /// <summary>The client's callback instance (one call at a time, so in arrival order): events in order, Confirm answered with the count received.</summary>
    [CallbackBehavior(ConcurrencyMode = ConcurrencyMode.Single, UseSynchronizationContext = false)]
    internal sealed class RecordingCallback : IDuplexCallback
    {
        private readonly List<int> _events = [];

        /// <summary>The events received so far, in order.</summary>
        public IReadOnlyList<int> Events
        {
            get
            {
                lock (_events)
                {
                    return [.. _events];
                }
            }
        }

        /// <summary>How many Confirm calls were answered.</summary>
        public int Confirms { get; private set; }

        public void OnEvent(int sequence)
        {
            lock (_events)
            {
                _events.Add(sequence);
            }
        }

        public int Confirm(int sent)
        {
            lock (_events)
            {
                Confirms++;
                return _events.Count;
            }
        }
    }
}
