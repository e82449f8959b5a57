using StackExchange.Redis;

namespace SoapRouter.Caching;

/// <summary>
/// The router's one connection to the shared Redis: connected in the background (the router starts and serves
/// without it), reconnected by StackExchange.Redis on its own, and carrying the invalidation channel every replica
/// listens to. Commands fail fast while it is down instead of queueing behind the reconnect.
/// </summary>
internal sealed class RedisLink : IAsyncDisposable
{
    /// <summary>The channel invalidations travel on.</summary>
    public static readonly RedisChannel InvalidationChannel = RedisChannel.Literal("soaprouter:cache:invalidate");

    private readonly ILogger _logger;
    private readonly string _endpoint;
    private readonly Task<IConnectionMultiplexer> _connecting;
    private IConnectionMultiplexer? _connection;

    /// <summary>Starts connecting with <paramref name="options"/> (from <see cref="RedisOptions.TryParse"/>).</summary>
    public RedisLink(ConfigurationOptions options, ILogger logger)
    {
        _logger = logger;
        options.BacklogPolicy = BacklogPolicy.FailFast;
        _endpoint = string.Join(",", options.EndPoints.Select(static e => e.ToString()));
        _connecting = ConnectAsync(options);
    }

    /// <summary>The connection, once made (it stays, reconnecting by itself); what RedisCache uses too.</summary>
    public Task<IConnectionMultiplexer> Connection => _connecting;

    /// <summary>True while commands can be sent.</summary>
    public bool IsConnected => Volatile.Read(ref _connection) is { IsConnected: true };

    /// <summary>Calls <paramref name="received"/> with every message on the invalidation channel (from the next (re)connection on).</summary>
    public async Task SubscribeAsync(Action<ReadOnlyMemory<byte>> received)
    {
        var connection = await _connecting.ConfigureAwait(false);
        try
        {
            // Kept by the multiplexer and subscribed again after every reconnect, also when this first attempt fails.
            await connection.GetSubscriber().SubscribeAsync(InvalidationChannel, (_, message) => received((byte[])message!)).ConfigureAwait(false);
        }
        catch (RedisException ex)
        {
            CacheLog.NotSubscribedYet(_logger, _endpoint, ex);
        }
    }

    /// <summary>Sends <paramref name="message"/> to every replica; false when Redis is not reachable now.</summary>
    public async Task<bool> PublishAsync(byte[] message)
    {
        if (!IsConnected)
        {
            return false;
        }

        try
        {
            await _connection!.GetSubscriber().PublishAsync(InvalidationChannel, message).ConfigureAwait(false);
            return true;
        }
        catch (RedisException)
        {
            return false;
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        // A connect under way ends within its connectTimeout; its multiplexer's reconnect timers must not outlive the router.
        var connection = await _connecting.ConfigureAwait(false);
        try
        {
            await connection.CloseAsync(allowCommandsToComplete: false).ConfigureAwait(false);
        }
        catch (RedisException)
        {
            // Closing a connection to a Redis that is gone: nothing left to close.
        }

        connection.Dispose();
    }

    private async Task<IConnectionMultiplexer> ConnectAsync(ConfigurationOptions options)
    {
        // AbortOnConnectFail is off: this returns a multiplexer that keeps trying, whether or not Redis answered yet.
        var connection = await ConnectionMultiplexer.ConnectAsync(options).ConfigureAwait(false);
        connection.ConnectionFailed += (_, e) =>
        {
            if (e.ConnectionType == ConnectionType.Interactive)
            {
                CacheLog.RedisLost(_logger, e.FailureType, _endpoint);
            }
        };
        connection.ConnectionRestored += (_, e) =>
        {
            if (e.ConnectionType == ConnectionType.Interactive)
            {
                CacheLog.RedisConnection(_logger, "restored", _endpoint);
            }
        };
        Volatile.Write(ref _connection, connection);
        var state = connection.IsConnected ? "up" : "not up yet, retrying in the background";
        CacheLog.RedisConnection(_logger, state, _endpoint);
        return connection;
    }
}
