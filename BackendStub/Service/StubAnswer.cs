using System.ServiceModel.Channels;

namespace BackendStub.Service;

/// <summary>
/// What the stub answers one request with, before any transport encodes it: a reply message, a fault message, or
/// nothing (an accepted one-way message). Dispose it once it has been encoded, to close the message.
/// </summary>
internal sealed class StubAnswer : IDisposable
{
    private StubAnswer(Message? message, bool isFault, string? relatesTo)
    {
        Message = message;
        IsFault = isFault;
        RelatesTo = relatesTo;
    }

    /// <summary>The answer to an accepted one-way message: none (HTTP says 202; net.tcp sends nothing).</summary>
    public static StubAnswer Accepted { get; } = new(null, isFault: false, relatesTo: null);

    /// <summary>The reply or fault message; null for an accepted one-way message.</summary>
    public Message? Message { get; }

    /// <summary>True when <see cref="Message"/> is a SOAP fault.</summary>
    public bool IsFault { get; }

    /// <summary>The request's MessageID as text, for a fault built in place of this answer (a reply too large to encode).</summary>
    public string? RelatesTo { get; }

    /// <summary>A reply message (owned from now on).</summary>
    public static StubAnswer Reply(Message message, string? relatesTo) => new(message, isFault: false, relatesTo);

    /// <summary>A fault message (owned from now on).</summary>
    public static StubAnswer Fault(Message message, string? relatesTo) => new(message, isFault: true, relatesTo);

    /// <inheritdoc />
    public void Dispose() => Message?.Close();
}
