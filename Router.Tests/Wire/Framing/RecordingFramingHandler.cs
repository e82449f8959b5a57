using System.Threading.Channels;
using System.Xml;
using Samples.Contracts;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// A <see cref="INetTcpFramingClientHandler"/> as the router's would be: each payload is read with the session's reader
/// encoder before <see cref="OnPayload"/> returns (the client reuses its buffer), in arrival order; the replies and the
/// end are kept for the test to await.
/// </summary>
internal sealed class RecordingFramingHandler(ClientSessionCodecs codecs) : INetTcpFramingClientHandler
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
    private readonly Channel<FramingReply> _replies = Channel.CreateUnbounded<FramingReply>();
    private readonly TaskCompletionSource<NetTcpFramingEnd> _ended = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _endedCalls;

    /// <summary>How many times <see cref="OnEnded"/> was called.</summary>
    public int EndedCalls => Volatile.Read(ref _endedCalls);

    /// <summary>Payloads handed up so far.</summary>
    public int Payloads { get; private set; }

    /// <summary>Throws from the next payload (a reader that could not read it).</summary>
    public bool FailNextPayload { get; set; }

    /// <inheritdoc />
    public void OnPayload(ReadOnlySpan<byte> payload)
    {
        Payloads++;
        if (FailNextPayload)
        {
            throw new XmlException("unreadable (test)");
        }

        using var message = codecs.Read(payload.ToArray());
        string? text = null;
        if (!message.IsFault && message.Headers.Action == EchoServiceActions.EchoResponse)
        {
            using var body = message.GetReaderAtBodyContents();
            text = OperationMessages.EchoResponse.Read(body)?.Text;
        }

        _replies.Writer.TryWrite(new FramingReply(message.Headers.Action, message.Headers.RelatesTo, text, message.IsFault));
    }

    /// <inheritdoc />
    public void OnEnded(NetTcpFramingEnd end)
    {
        Interlocked.Increment(ref _endedCalls);
        _ended.TrySetResult(end);
    }

    /// <summary>The next reply read.</summary>
    public async Task<FramingReply> NextReplyAsync() => await _replies.Reader.ReadAsync().AsTask().WaitAsync(Timeout);

    /// <summary>True when no reply arrived so far.</summary>
    public bool NoReplyYet => !_replies.Reader.TryPeek(out _);

    /// <summary>How the session ended, once it has.</summary>
    public Task<NetTcpFramingEnd> EndedAsync() => _ended.Task.WaitAsync(Timeout);
}

/// <summary>One reply as the handler read it.</summary>
internal sealed record FramingReply(string? Action, UniqueId? RelatesTo, string? Text, bool IsFault);
