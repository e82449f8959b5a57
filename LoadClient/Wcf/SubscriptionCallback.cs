using System.ServiceModel;
using Samples.Contracts;

namespace LoadClient.Wcf;

/// <summary>
/// One duplex channel's callback instance: counts the service's one-way events and answers its Confirm with the count
/// since the last Confirm. Callbacks are handled one at a time in arrival order (ConcurrencyMode.Single), so a Confirm
/// sees every event the service sent before it on the session.
/// </summary>
[CallbackBehavior(ConcurrencyMode = ConcurrencyMode.Single, UseSynchronizationContext = false)]
internal sealed class SubscriptionCallback : IDuplexCallback
{
    private int _events;

    /// <summary>Calls Subscribe(<paramref name="callbacks"/>) on <paramref name="channel"/>; throws a CommunicationException (a failed call) when Confirm did not count them all.</summary>
    public static async Task SubscribeAsync(IDuplexService channel, int callbacks)
    {
        ArgumentNullException.ThrowIfNull(channel);
        var confirmed = await channel.SubscribeAsync(callbacks).ConfigureAwait(false);
        if (confirmed != callbacks)
        {
            throw new CommunicationException($"Subscribe({callbacks}): the client's Confirm counted {confirmed} callbacks.");
        }
    }

    /// <inheritdoc />
    public void OnEvent(int sequence) => Interlocked.Increment(ref _events);

    /// <inheritdoc />
    public int Confirm(int sent) => Interlocked.Exchange(ref _events, 0);
}
