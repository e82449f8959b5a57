using System.ServiceModel.Channels;

namespace SoapRouter.Pipeline;

/// <summary>A destination's reply as read, and the bytes it was read from: what a session answer built from it reads when written.</summary>
internal sealed class ReadMessageOwner(Message read, IDisposable? bytes) : IDisposable
{
    /// <inheritdoc />
    public void Dispose()
    {
        read.Close();
        bytes?.Dispose();
    }
}
