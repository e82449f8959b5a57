using System.Buffers;
using Microsoft.Extensions.Caching.Distributed;
using SoapRouter.Telemetry;

namespace SoapRouter.Caching;

// Every failure of Redis, whatever its type, must become a miss or a dropped write: Redis never fails a client request.
#pragma warning disable CA1031

/// <summary>
/// Redis as HybridCache's second level, made harmless when it is down: while the connection is not up no command is
/// sent (a read is a miss, a write is dropped), and a command that fails is the same; both are counted and reported
/// once per <see cref="IntervalCount.DefaultInterval"/>. While the first connection attempt is under way (at most its connectTimeout) asynchronous commands wait
/// for it: HybridCache reads the time of the last invalidate-all once, when it starts, and must not read it from nothing. HybridCache never sees an exception from here, so a dead Redis never fails a client request and
/// never costs a timeout per request.
/// </summary>
internal sealed class ResilientDistributedCache : IBufferDistributedCache, IDisposable
{
    // HybridCache's key prefix for the time a tag was last invalidated (DefaultHybridCache.TagKeyPrefix).
    private const string HybridCacheTagPrefix = "__MSFT_HCT__";

    private readonly IDistributedCache _inner;
    private readonly IBufferDistributedCache? _buffers;
    private readonly Func<bool> _isConnected;
    private readonly Task _firstAttempt;
    private readonly IntervalCount _failures;
    private string _lastReason = "not connected";
    private long _hits;
    private long _misses;
    private long _errors;

    /// <summary>
    /// Wraps <paramref name="inner"/>, sending nothing while <paramref name="isConnected"/> says no once
    /// <paramref name="firstAttempt"/> (the first connection attempt) has ended.
    /// </summary>
    public ResilientDistributedCache(IDistributedCache inner, Func<bool> isConnected, Task firstAttempt, TimeProvider time, ILogger logger)
    {
        _firstAttempt = firstAttempt;
        _inner = inner;
        _buffers = inner as IBufferDistributedCache;
        _isConnected = isConnected;
        _failures = new IntervalCount(time, IntervalCount.DefaultInterval, (count, interval) => CacheLog.RedisUnavailable(logger, count, interval, Volatile.Read(ref _lastReason)));
    }

    /// <summary>Reads of entries that found one (HybridCache's reads of tag times are not counted).</summary>
    public long Hits => Interlocked.Read(ref _hits);

    /// <summary>Reads of entries that found none.</summary>
    public long Misses => Interlocked.Read(ref _misses);

    /// <summary>Commands skipped or failed.</summary>
    public long Errors => Interlocked.Read(ref _errors);

    /// <summary>True while the connection is up.</summary>
    public bool Connected => _isConnected();

    /// <inheritdoc />
    public byte[]? Get(string key) => Up() ? Guard(() => Counted(key, _inner.Get(key)), null) : null;

    /// <inheritdoc />
    public async Task<byte[]?> GetAsync(string key, CancellationToken token = default)
    {
        await FirstAttemptAsync().ConfigureAwait(false);
        if (!Up())
        {
            return null;
        }

        try
        {
            return Counted(key, await _inner.GetAsync(key, token).ConfigureAwait(false));
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !token.IsCancellationRequested)
        {
            Failed(ex);
            return null;
        }
    }

    /// <inheritdoc />
    public bool TryGet(string key, IBufferWriter<byte> destination) =>
        Up() && Guard(() => Counted(key, _buffers is null ? CopyTo(_inner.Get(key), destination) : _buffers.TryGet(key, destination)), false);

    /// <inheritdoc />
    public async ValueTask<bool> TryGetAsync(string key, IBufferWriter<byte> destination, CancellationToken token = default)
    {
        await FirstAttemptAsync().ConfigureAwait(false);
        if (!Up())
        {
            return false;
        }

        try
        {
            return Counted(key, _buffers is null
                ? CopyTo(await _inner.GetAsync(key, token).ConfigureAwait(false), destination)
                : await _buffers.TryGetAsync(key, destination, token).ConfigureAwait(false));
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !token.IsCancellationRequested)
        {
            Failed(ex);
            return false;
        }
    }

    /// <inheritdoc />
    public void Set(string key, byte[] value, DistributedCacheEntryOptions options)
    {
        if (Up())
        {
            Guard(() => _inner.Set(key, value, options));
        }
    }

    /// <inheritdoc />
    public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) =>
        WhenUpAsync(() => _inner.SetAsync(key, value, options, token));

    /// <inheritdoc />
    public void Set(string key, ReadOnlySequence<byte> value, DistributedCacheEntryOptions options)
    {
        if (Up())
        {
            Guard(() =>
            {
                if (_buffers is null)
                {
                    _inner.Set(key, value.ToArray(), options);
                }
                else
                {
                    _buffers.Set(key, value, options);
                }
            });
        }
    }

    /// <inheritdoc />
    public async ValueTask SetAsync(string key, ReadOnlySequence<byte> value, DistributedCacheEntryOptions options, CancellationToken token = default)
    {
        await FirstAttemptAsync().ConfigureAwait(false);
        if (!Up())
        {
            return;
        }

        try
        {
            if (_buffers is null)
            {
                await _inner.SetAsync(key, value.ToArray(), options, token).ConfigureAwait(false);
            }
            else
            {
                await _buffers.SetAsync(key, value, options, token).ConfigureAwait(false);
            }
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !token.IsCancellationRequested)
        {
            Failed(ex);
        }
    }

    /// <inheritdoc />
    public void Refresh(string key)
    {
        if (Up())
        {
            Guard(() => _inner.Refresh(key));
        }
    }

    /// <inheritdoc />
    public Task RefreshAsync(string key, CancellationToken token = default) => WhenUpAsync(() => _inner.RefreshAsync(key, token));

    /// <inheritdoc />
    public void Remove(string key)
    {
        if (Up())
        {
            Guard(() => _inner.Remove(key));
        }
    }

    /// <inheritdoc />
    public Task RemoveAsync(string key, CancellationToken token = default) => WhenUpAsync(() => _inner.RemoveAsync(key, token));

    /// <inheritdoc />
    public void Dispose() => _failures.Dispose();

    private bool Up()
    {
        if (_isConnected())
        {
            return true;
        }

        // A synchronous command during the first attempt is skipped without counting: Redis is not down, only not there yet.
        if (!_firstAttempt.IsCompleted)
        {
            return false;
        }

        Interlocked.Increment(ref _errors);
        Volatile.Write(ref _lastReason, "not connected");
        _failures.Add();
        return false;
    }

    private Task FirstAttemptAsync() => _firstAttempt.IsCompleted ? Task.CompletedTask : WaitForFirstAttemptAsync();

    private async Task WaitForFirstAttemptAsync()
    {
        try
        {
            await _firstAttempt.ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            Failed(ex);
        }
    }

    private async Task WhenUpAsync(Func<Task> call)
    {
        await FirstAttemptAsync().ConfigureAwait(false);
        if (Up())
        {
            await GuardAsync(call).ConfigureAwait(false);
        }
    }

    private void Failed(Exception ex)
    {
        Interlocked.Increment(ref _errors);
        Volatile.Write(ref _lastReason, ex.GetType().Name + ": " + ex.Message);
        _failures.Add();
    }

    private static bool CopyTo(byte[]? value, IBufferWriter<byte> destination)
    {
        if (value is null)
        {
            return false;
        }

        destination.Write(value);
        return true;
    }

    private byte[]? Counted(string key, byte[]? value)
    {
        Counted(key, value is not null);
        return value;
    }

    private bool Counted(string key, bool found)
    {
        // HybridCache reads its tag invalidation times through here too; those are not entries.
        if (!key.StartsWith(HybridCacheTagPrefix, StringComparison.Ordinal))
        {
            Interlocked.Increment(ref found ? ref _hits : ref _misses);
        }

        return found;
    }

    private T Guard<T>(Func<T> call, T fallback)
    {
        try
        {
            return call();
        }
        catch (Exception ex)
        {
            Failed(ex);
            return fallback;
        }
    }

    private void Guard(Action call)
    {
        try
        {
            call();
        }
        catch (Exception ex)
        {
            Failed(ex);
        }
    }

    private async Task GuardAsync(Func<Task> call)
    {
        try
        {
            await call().ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            Failed(ex);
        }
    }
}
#pragma warning restore CA1031
