namespace SoapRouter.Configuration;

/// <summary>
/// Delivers posted items one at a time, in the order posted, without making a poster wait for someone else's delivery:
/// the poster that finds nobody delivering delivers until the queue is empty, and every other poster just returns.
/// </summary>
/// <remarks>
/// Delivery runs under no lock of the poster's, so a handler may reload or dispose the provider, on its own thread or
/// on one it waits for. A handler that posts again is not re-entered: its item is delivered after it returns.
/// </remarks>
internal sealed class OrderedNotifier<T>(Action<T> deliver)
{
    private readonly Lock _gate = new();
    private readonly Queue<T> _pending = new();
    private bool _delivering;

    /// <summary>Queues <paramref name="item"/>. Call it under the lock that orders the items, and <see cref="DeliverPending"/> after leaving it.</summary>
    public void Post(T item)
    {
        lock (_gate)
        {
            _pending.Enqueue(item);
        }
    }

    /// <summary>Delivers what is queued, unless another thread is delivering; that thread then delivers it too.</summary>
    public void DeliverPending()
    {
        lock (_gate)
        {
            if (_delivering)
            {
                return;
            }

            _delivering = true;
        }

        while (true)
        {
            T item;
            lock (_gate)
            {
                if (!_pending.TryDequeue(out item!))
                {
                    _delivering = false;
                    return;
                }
            }

            try
            {
                deliver(item);
            }
            catch
            {
                // deliver guards its own handlers, so this is a bug; still hand delivery to the next poster rather than stall.
                lock (_gate)
                {
                    _delivering = false;
                }

                throw;
            }
        }
    }
}
