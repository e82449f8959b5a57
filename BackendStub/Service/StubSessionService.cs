using System.Collections.Concurrent;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;

namespace BackendStub.Service;

/// <summary>
/// The stub's per-session services on one net.tcp session, as a PerSession WCF service instance serves them: the
/// session counter (<see cref="ISessionCounter"/>) and the duplex contract (<see cref="IDuplexService"/>), whose
/// callbacks go out on the session; the client's answers to Confirm come back on it, matched by RelatesTo.
/// </summary>
internal sealed class StubSessionService(StubStatistics statistics, MessageVersion version)
{
    // A client that never answers a callback must not hold a Subscribe forever.
    private static readonly TimeSpan ConfirmTimeout = TimeSpan.FromSeconds(60);
    private static readonly EndpointAddress Anonymous = new(SoapNamespaces.Anonymous10);

    // How long a feed's operation works before its first event: long enough that a client closing at once has sent its End first.
    private static readonly TimeSpan FeedStartDelay = TimeSpan.FromMilliseconds(500);

    private readonly ConcurrentDictionary<UniqueId, TaskCompletionSource<int>> _asked = new();
    private NetTcpSessionHandle? _session;
    private int _calls;

    /// <summary>The session opened.</summary>
    public void Opened(NetTcpSessionHandle session)
    {
        _session = session;
        statistics.NetTcpSessionOpened();
    }

    /// <summary>The session ended: callbacks still waiting for an answer get none.</summary>
    public void Closed()
    {
        statistics.NetTcpSessionClosed();
        foreach (var (id, asked) in _asked)
        {
            if (_asked.TryRemove(id, out _))
            {
                asked.TrySetCanceled();
            }
        }
    }

    /// <summary>The answer to <paramref name="message"/> when it is one of this session's operations (or an answer to a callback); null when not.</summary>
    public Task<StubAnswer>? TryAnswer(Message message, CancellationToken closing)
    {
        var headers = message.Headers;
        return headers.Action switch
        {
            SessionServiceActions.Next => Task.FromResult(Next(headers)),
            SessionServiceActions.Subscribe => SubscribeAsync(message, closing),
            SessionServiceActions.StartFeed => StartFeedAsync(message, closing),
            SessionServiceActions.ConfirmResponse => Task.FromResult(Answered(message)),
            _ => null,
        };
    }

    private StubAnswer Next(MessageHeaders request)
    {
        statistics.ActionSeen(SessionServiceActions.Next);
        var count = Interlocked.Increment(ref _calls);
        return Reply(request, SessionServiceActions.NextResponse, OperationMessages.NextResponse.ToBody(count));
    }

    private async Task<StubAnswer> SubscribeAsync(Message request, CancellationToken closing)
    {
        statistics.ActionSeen(SessionServiceActions.Subscribe);
        var count = ReadCount(request, OperationMessages.SubscribeRequest);
        await SendEventsAsync(count, closing);
        var id = new UniqueId();
        var answer = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        _asked[id] = answer;
        using (var ask = Callback(SessionServiceActions.Confirm, OperationMessages.ConfirmRequest.ToBody(count)))
        {
            ask.Headers.MessageId = id;
            ask.Headers.ReplyTo = Anonymous;
            await _session!.SendAsync(ask, closing);
        }

        var confirmed = await answer.Task.WaitAsync(ConfirmTimeout, closing);
        return Reply(request.Headers, SessionServiceActions.SubscribeResponse, OperationMessages.SubscribeResponse.ToBody(confirmed));
    }

    private async Task<StubAnswer> StartFeedAsync(Message request, CancellationToken closing)
    {
        statistics.ActionSeen(SessionServiceActions.StartFeed);
        var count = ReadCount(request, OperationMessages.StartFeedRequest);

        // The session answers End only after this returns: every event goes out first, even to a client that has closed.
        await Task.Delay(FeedStartDelay, closing);
        await SendEventsAsync(count, closing);
        return StubAnswer.Accepted;
    }

    private StubAnswer Answered(Message reply)
    {
        if (reply.Headers.RelatesTo is { } id && _asked.TryRemove(id, out var asked))
        {
            asked.TrySetResult(ReadCount(reply, OperationMessages.ConfirmResponse));
        }

        return StubAnswer.Accepted;
    }

    private async Task SendEventsAsync(int count, CancellationToken closing)
    {
        for (var sequence = 1; sequence <= count; sequence++)
        {
            using var callback = Callback(SessionServiceActions.OnEvent, OperationMessages.OnEventRequest.ToBody(sequence));
            await _session!.SendAsync(callback, closing);
        }
    }

    private static int ReadCount(Message message, WrappedElement<int> shape)
    {
        using var reader = message.GetReaderAtBodyContents();
        return shape.Read(reader);
    }

    private Message Callback(string action, BodyWriter body)
    {
        // A service's callbacks are addressed to the client's ReplyTo, the anonymous address on a duplex session.
        var message = Message.CreateMessage(version, action, body);
        message.Headers.To = Anonymous.Uri;
        return message;
    }

    private StubAnswer Reply(MessageHeaders request, string action, BodyWriter body)
    {
        var message = Message.CreateMessage(version, action, body);
        if (request.MessageId is { } id)
        {
            message.Headers.RelatesTo = id;
        }

        return StubAnswer.Reply(message, request.MessageId?.ToString());
    }
}
