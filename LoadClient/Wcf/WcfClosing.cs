using System.ServiceModel;

namespace LoadClient.Wcf;

/// <summary>Closes WCF communication objects the way WCF asks: Close when usable, Abort when faulted or when Close fails.</summary>
internal static class WcfClosing
{
    /// <summary>Closes <paramref name="communicationObject"/> gracefully (a net.tcp session says goodbye), else aborts it.</summary>
    public static async Task CloseAsync(ICommunicationObject communicationObject)
    {
        ArgumentNullException.ThrowIfNull(communicationObject);
        if (communicationObject.State is not CommunicationState.Opened)
        {
            communicationObject.Abort();
            return;
        }

        try
        {
            await Task.Factory.FromAsync(communicationObject.BeginClose, communicationObject.EndClose, null);
        }
        catch (Exception ex) when (ex is CommunicationException or TimeoutException)
        {
            // The peer is gone or slow: nothing more to say to it.
            communicationObject.Abort();
        }
    }
}
