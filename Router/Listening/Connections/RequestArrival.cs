using System.IO.Pipelines;
using Microsoft.AspNetCore.Connections;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// When the bytes of the request now arriving on one HTTP connection began to come off the socket: a connection
/// feature set by <see cref="Middleware"/>, which watches the connection's input. A listener that learns its clients'
/// bandwidth times a request body from this first byte to its last (<see cref="TakeFirstByte"/>), not from the moment
/// its handler began reading, by which time Kestrel has often taken in most of the body. HTTP/1.1 requests on a
/// connection come one after another, so the next byte after a take belongs to the next request.
/// </summary>
internal sealed class RequestArrival
{
    private long _firstByte;

    /// <summary>Whether no byte has arrived since the last take.</summary>
    public bool IsWaiting => Volatile.Read(ref _firstByte) == 0;

    /// <summary>
    /// The connection middleware that sets the feature and watches the input, on <paramref name="time"/>'s clock. Only
    /// for endpoints whose listeners learn bandwidth, on connections the kernel cannot be asked about
    /// (<see cref="TcpLinkProbe"/>, added before it): it adds a check to every read of the connection.
    /// </summary>
    public static Func<ConnectionDelegate, ConnectionDelegate> Middleware(TimeProvider time)
    {
        ArgumentNullException.ThrowIfNull(time);
        return next => connection =>
        {
            if (connection.Features.Get<TcpLinkProbe>() is not null)
            {
                return next(connection);
            }

            var arrival = new RequestArrival();
            connection.Features.Set(arrival);
            connection.Transport = new ArrivalWatchingTransport(connection.Transport, arrival, time);
            return next(connection);
        };
    }

    /// <summary>Notes that bytes arrived at <paramref name="timestamp"/>, unless earlier bytes of this request did.</summary>
    public void Arrived(long timestamp) => Interlocked.CompareExchange(ref _firstByte, timestamp, 0);

    /// <summary>The timestamp of the first byte since the last take (0: none seen), and starts waiting for the next request.</summary>
    public long TakeFirstByte() => Interlocked.Exchange(ref _firstByte, 0);

    private sealed class ArrivalWatchingTransport(IDuplexPipe inner, RequestArrival arrival, TimeProvider time) : IDuplexPipe
    {
        public PipeReader Input { get; } = new ArrivalWatchingReader(inner.Input, arrival, time);

        public PipeWriter Output => inner.Output;
    }

    private sealed class ArrivalWatchingReader(PipeReader inner, RequestArrival arrival, TimeProvider time) : PipeReader
    {
        public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
        {
            var pending = inner.ReadAsync(cancellationToken);
            if (!pending.IsCompletedSuccessfully)
            {
                return AwaitAsync(pending);
            }

            var result = pending.Result;
            Watch(result);
            return new ValueTask<ReadResult>(result);
        }

        public override bool TryRead(out ReadResult result)
        {
            if (!inner.TryRead(out result))
            {
                return false;
            }

            Watch(result);
            return true;
        }

        public override void AdvanceTo(SequencePosition consumed) => inner.AdvanceTo(consumed);

        public override void AdvanceTo(SequencePosition consumed, SequencePosition examined) => inner.AdvanceTo(consumed, examined);

        public override void CancelPendingRead() => inner.CancelPendingRead();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);

        public override ValueTask CompleteAsync(Exception? exception = null) => inner.CompleteAsync(exception);

        [System.Runtime.CompilerServices.AsyncMethodBuilder(typeof(System.Runtime.CompilerServices.PoolingAsyncValueTaskMethodBuilder<>))]
        private async ValueTask<ReadResult> AwaitAsync(ValueTask<ReadResult> pending)
        {
            var result = await pending.ConfigureAwait(false);
            Watch(result);
            return result;
        }

        private void Watch(in ReadResult result)
        {
            if (!result.Buffer.IsEmpty && arrival.IsWaiting)
            {
                arrival.Arrived(time.GetTimestamp());
            }
        }
    }
}
