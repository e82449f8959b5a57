namespace SoapRouter.Listening;

/// <summary>
/// limits.maxBufferedBytes: the bytes of request bodies the listeners may hold at once (received, and decompressed).
/// A message reserves its body's size before the body is read (its Content-Length, or the message size limit when it
/// has none); past the budget it waits briefly for bytes to come free, as a request waits for a concurrency slot, and is
/// then answered 503, so a burst of large messages is refused before it is allocated rather than after the process ran
/// out of memory. One message larger than the whole budget is let in alone; while memory is over its high watermark
/// messages are let in one at a time. Waiters are let in first come, first served: a 1 MB message is not passed over
/// for 20 s by a stream of 1 KB ones that each fit in what it waits for (the soak's large clients were answered 503
/// while the small ones flowed). A reservation that grows (a compressed body decoded larger than reckoned) goes first:
/// it holds bytes already.
/// </summary>
internal sealed class BufferBudget : IDisposable
{
    private readonly Lock _gate = new();
    private readonly LinkedList<Waiter> _queue = new();
    private readonly TimeSpan _wait;
    private readonly MemoryPressure? _pressure;
    private long _inUse;
    private long _refused;
    private long _refusedForMemory;

    /// <summary>
    /// A budget of <paramref name="limit"/> bytes; a reservation waits up to <paramref name="wait"/>. While
    /// <paramref name="pressure"/> is high nothing is reserved.
    /// </summary>
    public BufferBudget(long limit, TimeSpan wait, MemoryPressure? pressure = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(wait, TimeSpan.Zero);
        Limit = limit;
        _wait = wait;
        _pressure = pressure;
        if (pressure is not null)
        {
            pressure.Relieved += Grant;
        }
    }

    /// <summary>
    /// The budget <paramref name="limits"/> give on a process that may use <paramref name="availableMemory"/> bytes:
    /// limits.maxBufferedBytes, else a quarter of that memory, and never less than two of the largest message.
    /// </summary>
    public static long Size(Configuration.LimitsConfig limits, long availableMemory)
    {
        ArgumentNullException.ThrowIfNull(limits);
        return limits.MaxBufferedBytes ?? Math.Max(availableMemory / 4, 2 * limits.MaxMessageSize);
    }

    /// <summary>
    /// What a message's processing holds per byte of its body: the body, its reply, and their decoded or re-encoded
    /// copies. A 1 MB text message re-encoded to msbin1 and its 1 MB reply back held 5-6 MB of managed heap at once in
    /// the compose soak (Benchmarks/scripts/soak.sh --profiles large: 20 of them in flight, 122 MB live after a
    /// collection); at 4 the budget let in more than the heap could hold.
    /// </summary>
    public const int CopiesPerMessage = 6;

    /// <summary>The bytes a message of <paramref name="bodyBytes"/> reserves: <see cref="CopiesPerMessage"/> times its body.</summary>
    public static long MessageCost(long bodyBytes) => bodyBytes * CopiesPerMessage;

    /// <summary>
    /// How much larger than its compressed form a compressed body is reckoned, when its sender did not announce its
    /// decoded length (a stock WCF client's gzip): SOAP text compresses 4-10 times. A body that decodes larger tops
    /// its reservation up once decoded, waiting for the rest like a new message.
    /// </summary>
    public const int UnannouncedExpansion = 4;

    /// <summary>
    /// The bytes a compressed message reserves: its <paramref name="compressedBytes"/> while they are decoded, then
    /// <see cref="MessageCost"/> of its <paramref name="decodedBytes"/>.
    /// </summary>
    public static long CompressedMessageCost(long compressedBytes, long decodedBytes) => compressedBytes + MessageCost(decodedBytes);

    /// <summary>
    /// The bytes a streamed message reserves, whatever its size: its header section and the envelope routing reads
    /// (<paramref name="maxHeadersSize"/> each), and the copy buffers of its request and reply, with the XML readers' and
    /// writers' own on the re-encode path (<paramref name="chunkSize"/> each).
    /// </summary>
    public static long StreamedCost(int maxHeadersSize, int chunkSize) => 2L * maxHeadersSize + 4L * chunkSize;

    /// <summary>The memory-pressure gate this budget obeys, if any.</summary>
    public MemoryPressure? Pressure => _pressure;

    /// <summary>The budget in bytes.</summary>
    public long Limit { get; }

    /// <summary>Bytes reserved now.</summary>
    public long InUse => Interlocked.Read(ref _inUse);

    /// <summary>Reservations that did not fit in time (answered 503), memory pressure included.</summary>
    public long Refused => Interlocked.Read(ref _refused);

    /// <summary>Of <see cref="Refused"/>, those turned away while memory was over its high watermark.</summary>
    public long RefusedForMemory => Interlocked.Read(ref _refusedForMemory);

    /// <summary>
    /// Reserves <paramref name="bytes"/>, waiting up to the budget's wait; null (counted) when they did not come free.
    /// Throws <see cref="OperationCanceledException"/> when the client leaves while waiting. Dispose the reservation to
    /// give its bytes back.
    /// </summary>
    public async ValueTask<BufferReservation?> ReserveAsync(long bytes, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(bytes);
        return TryReserve(bytes) || await WaitAsync(bytes, cancellationToken).ConfigureAwait(false) ? new BufferReservation(this, bytes) : null;
    }

    /// <summary>
    /// Reserves <paramref name="bytes"/> more for a reservation that holds <paramref name="held"/>, waiting like
    /// <see cref="ReserveAsync"/>; a message that is alone in the budget grows past it, as it would have been let in.
    /// </summary>
    internal async ValueTask<bool> GrowAsync(long bytes, long held, CancellationToken cancellationToken) =>
        TryReserve(bytes, held) || await WaitAsync(bytes, cancellationToken, held).ConfigureAwait(false);

    /// <summary>Gives <paramref name="bytes"/> back and lets in the waiters that now fit, in order.</summary>
    internal void Release(long bytes)
    {
        if (bytes <= 0)
        {
            return;
        }

        lock (_gate)
        {
            _inUse -= bytes;
            GrantLocked();
        }
    }

    private void Grant()
    {
        lock (_gate)
        {
            GrantLocked();
        }
    }

    private void GrantLocked()
    {
        while (_queue.First is { } head && Fits(head.Value.Bytes, head.Value.Held))
        {
            _queue.RemoveFirst();
            _inUse += head.Value.Bytes;
            head.Value.Granted.TrySetResult(true);
        }
    }

    /// <summary>The counts now, with the container's memory limit as the memory-pressure gate reads it (null outside one, or without the gate).</summary>
    public BufferBudgetSnapshot Snapshot() =>
        new(Limit, InUse, Refused, _pressure?.Last.ResidentLimitBytes, RefusedForMemory, _pressure is null ? null : MemoryPressureSnapshot.Of(_pressure));

    /// <inheritdoc />
    public void Dispose()
    {
        if (_pressure is not null)
        {
            _pressure.Relieved -= Grant;
        }
    }

    private bool TryReserve(long bytes, long held = 0)
    {
        lock (_gate)
        {
            // Nobody passes a waiter: with one queued, a new message waits behind it even when it would fit.
            if (_queue.Count > 0 || !Fits(bytes, held))
            {
                return false;
            }

            _inUse += bytes;
            return true;
        }
    }

    /// <summary>
    /// Whether <paramref name="bytes"/> more fit beside the <paramref name="held"/> the asker holds already. A message
    /// larger than the whole budget fits only when nothing else is held: it is never refused forever. Under memory
    /// pressure messages go one at a time, never none: the memory held with nothing in flight (the connections and what
    /// the runtime keeps) can sit between the watermarks, and a gate that let nothing in would wait for a fall that never
    /// comes. Called under the lock.
    /// </summary>
    private bool Fits(long bytes, long held) => _inUse <= held || (_pressure?.IsHigh != true && _inUse + bytes <= Limit);

    private async Task<bool> WaitAsync(long bytes, CancellationToken cancellationToken, long held = 0)
    {
        var waiter = new Waiter(bytes, held);
        LinkedListNode<Waiter> node;
        lock (_gate)
        {
            if (_queue.Count == 0 && Fits(bytes, held))
            {
                _inUse += bytes;
                return true;
            }

            // A growing reservation goes first: it holds bytes that the others wait for.
            node = held > 0 ? _queue.AddFirst(waiter) : _queue.AddLast(waiter);
        }

        using var timeout = new CancellationTokenSource(_wait);
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(timeout.Token, cancellationToken);
        using (linked.Token.UnsafeRegister(static state => ((Waiter)state!).Granted.TrySetResult(false), waiter))
        {
            if (await waiter.Granted.Task.ConfigureAwait(false))
            {
                return true;
            }
        }

        lock (_gate)
        {
            if (node.List is null)
            {
                // Let in as the wait ended: the bytes are reserved for it.
                if (!cancellationToken.IsCancellationRequested)
                {
                    return true;
                }

                _inUse -= bytes;
                GrantLocked();
            }
            else
            {
                _queue.Remove(node);
                // The ones behind it may fit now that it is gone.
                GrantLocked();
            }
        }

        cancellationToken.ThrowIfCancellationRequested();
        Interlocked.Increment(ref _refused);
        if (_pressure?.IsHigh == true)
        {
            Interlocked.Increment(ref _refusedForMemory);
        }

        return false;
    }

    /// <summary>One message waiting for bytes: completed true when they are reserved for it, false when its wait ended.</summary>
    private sealed class Waiter(long bytes, long held)
    {
        public long Bytes { get; } = bytes;

        public long Held { get; } = held;

        public TaskCompletionSource<bool> Granted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    }
}
