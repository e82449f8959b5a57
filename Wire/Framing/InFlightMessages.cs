namespace SoapRouter.Wire.Framing;

/// <summary>
/// Counts the messages of one connection being handled, bounds them (the read loop waits for a slot rather than read
/// on), and tells when none are left.
/// </summary>
internal sealed class InFlightMessages(int max)
{
    private readonly Lock _gate = new();
    private int _count;
    private bool _waitersCancelled;
    private TaskCompletionSource<bool>? _slotWaiter;
    private TaskCompletionSource? _drainWaiter;

    /// <summary>Messages being handled now.</summary>
    public int Count => Volatile.Read(ref _count);

    /// <summary>Takes a slot if one is free.</summary>
    public bool TryEnter()
    {
        lock (_gate)
        {
            if (_count >= max)
            {
                return false;
            }

            _count++;
            return true;
        }
    }

    /// <summary>
    /// Waits until a slot is free and takes it: true; false when <see cref="CancelWaiters"/> gave up the wait (the
    /// session is closing), and then no slot was taken.
    /// </summary>
    public async ValueTask<bool> EnterAsync()
    {
        while (true)
        {
            Task<bool> wait;
            lock (_gate)
            {
                if (_waitersCancelled)
                {
                    return false;
                }

                if (_count < max)
                {
                    _count++;
                    return true;
                }

                _slotWaiter ??= new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
                wait = _slotWaiter.Task;
            }

            if (!await wait.ConfigureAwait(false))
            {
                return false;
            }
        }
    }

    /// <summary>Gives a slot back; returns true when that left none in flight.</summary>
    public bool Exit()
    {
        TaskCompletionSource<bool>? slot;
        TaskCompletionSource? drained = null;
        bool empty;
        lock (_gate)
        {
            _count--;
            empty = _count == 0;
            slot = _slotWaiter;
            _slotWaiter = null;
            if (empty)
            {
                drained = _drainWaiter;
                _drainWaiter = null;
            }
        }

        slot?.TrySetResult(true);
        drained?.TrySetResult();
        return empty;
    }

    /// <summary>Ends a wait in <see cref="EnterAsync"/> (now and later) with false.</summary>
    public void CancelWaiters()
    {
        TaskCompletionSource<bool>? slot;
        lock (_gate)
        {
            _waitersCancelled = true;
            slot = _slotWaiter;
            _slotWaiter = null;
        }

        slot?.TrySetResult(false);
    }

    /// <summary>Completes when nothing is in flight.</summary>
    public Task WhenDrainedAsync()
    {
        lock (_gate)
        {
            if (_count == 0)
            {
                return Task.CompletedTask;
            }

            _drainWaiter ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            return _drainWaiter.Task;
        }
    }
}
