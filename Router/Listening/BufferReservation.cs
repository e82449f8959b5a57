namespace SoapRouter.Listening;

/// <summary>Bytes of the <see cref="BufferBudget"/> one message holds; disposing gives them all back, once.</summary>
internal sealed class BufferReservation(BufferBudget budget, long bytes) : IDisposable
{
    private long _bytes = bytes;

    /// <summary>Bytes held.</summary>
    public long Bytes => Interlocked.Read(ref _bytes);

    /// <summary>Holds <paramref name="more"/> bytes more, waiting for them like a new reservation; false when they did not come free.</summary>
    public async ValueTask<bool> GrowAsync(long more, CancellationToken cancellationToken)
    {
        if (!await budget.GrowAsync(more, Bytes, cancellationToken).ConfigureAwait(false))
        {
            return false;
        }

        Interlocked.Add(ref _bytes, more);
        return true;
    }

    /// <inheritdoc />
    public void Dispose() => budget.Release(Interlocked.Exchange(ref _bytes, 0));
}
