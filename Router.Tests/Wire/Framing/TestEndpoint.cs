using System.Collections.Concurrent;
using System.ServiceModel.Channels;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// A real endpoint for session tests: answers each request with a reply carrying the request's text (RelatesTo its
/// MessageID), optionally holding each one until the test lets it go; records what it saw, and the session's handle.
/// </summary>
internal sealed class TestEndpoint : INetTcpSessionEndpoint, IDisposable
{
    public const string RequestAction = "urn:test:request";
    public const string ReplyAction = "urn:test:reply";
    public const string Namespace = "urn:test";

    private readonly SemaphoreSlim _gate = new(0);
    private int _entered;
    private int _completed;
    private int _cancelled;

    /// <summary>When true, each handler waits for <see cref="Release"/> (or the session closing) before it answers.</summary>
    public bool Hold { get; init; }

    /// <summary>Texts of the requests in the order the session handed them over.</summary>
    public ConcurrentQueue<string> Received { get; } = new();

    /// <summary>Requests handed over, kept (for tests that call them after the session ended); disposed when handled.</summary>
    public ConcurrentQueue<NetTcpRequest> Requests { get; } = new();

    /// <summary>Exceptions SendAsync threw, in order.</summary>
    public ConcurrentQueue<Exception> SendFailures { get; } = new();

    /// <summary>The handle of the session that opened last (to end it from outside); null before one opened.</summary>
    public NetTcpSessionHandle? Session { get; private set; }

    public int Entered => Volatile.Read(ref _entered);

    public int Completed => Volatile.Read(ref _completed);

    public int Cancelled => Volatile.Read(ref _cancelled);

    public void Dispose() => _gate.Dispose();

    public void Opened(NetTcpSessionHandle session) => Session = session;

    public ValueTask ClosedAsync(bool clientEnded) => ValueTask.CompletedTask;

    /// <summary>Lets <paramref name="count"/> held handlers answer.</summary>
    public void Release(int count = 1) => _gate.Release(count);

    public ValueTask HandleAsync(NetTcpRequest request)
    {
        // Read before the first await: the session calls handlers in arrival order, and this records that order.
        string text;
        System.Xml.UniqueId messageId;
        using (var message = request.Buffer.CreateMessage())
        using (var body = message.GetReaderAtBodyContents())
        {
            text = body.ReadElementContentAsString();
            messageId = message.Headers.MessageId;
        }

        Received.Enqueue(text);
        Requests.Enqueue(request);
        Interlocked.Increment(ref _entered);
        if (text == "throw now")
        {
            // Thrown from HandleAsync itself, before any task exists: the session must dispose the request.
            throw new InvalidOperationException("The test endpoint fails synchronously.");
        }

        return HandleCoreAsync(request, text, messageId);
    }

    private async ValueTask HandleCoreAsync(NetTcpRequest request, string text, System.Xml.UniqueId messageId)
    {
        using (request)
        {
            if (Hold)
            {
                try
                {
                    await _gate.WaitAsync(request.SessionClosing);
                }
                catch (OperationCanceledException)
                {
                    Interlocked.Increment(ref _cancelled);
                    return;
                }
            }
            else
            {
                await Task.Yield();
            }

            if (text == "throw later")
            {
                throw new InvalidOperationException("The test endpoint fails after an await.");
            }

            await ReplyAsync(request, text == "reply big" ? new string('b', 64 * 1024) : text, messageId);
        }

        Interlocked.Increment(ref _completed);
    }

    private async Task ReplyAsync(NetTcpRequest request, string text, System.Xml.UniqueId messageId)
    {
        try
        {
            await request.SendAsync(Reply(text, messageId));
        }
        catch (Exception ex) when (ex is System.ServiceModel.QuotaExceededException)
        {
            // Nothing went out; the session goes on, and a smaller answer does.
            SendFailures.Enqueue(ex);
            await request.SendAsync(Reply("too big", messageId));
        }
        catch (Exception ex) when (ex is System.ServiceModel.CommunicationException)
        {
            SendFailures.Enqueue(ex);
        }
    }

    private static Message Reply(string text, System.Xml.UniqueId messageId)
    {
        var reply = Message.CreateMessage(
            SoapRouter.Wire.Bindings.WireBindings.NetTcp.MessageVersion,
            ReplyAction,
            new SoapRouter.Wire.Encoding.DelegateBodyWriter(writer => writer.WriteElementString("text", Namespace, text)));
        reply.Headers.RelatesTo = messageId;
        return reply;
    }
}
