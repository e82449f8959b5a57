namespace SoapRouter.Configuration;

/// <summary>cache.redis: the Redis server every replica shares as its second-level cache and invalidation channel.</summary>
public sealed record RedisCacheConfig
{
    private RedisConnection? _connection;

    /// <summary>
    /// A StackExchange.Redis configuration string (<c>redis:6379</c>, <c>10.0.0.5:6379,password=...,ssl=true</c>), or
    /// <c>env:NAME</c> to read the whole string from the environment (so a password stays out of the file).
    /// </summary>
    public string Configuration { get; init; } = "";

    /// <summary>
    /// <see cref="Configuration"/> parsed once, by the validator, into the options the cache connects with (internal:
    /// not a key of router.json, and never printed, since it may hold a password).
    /// </summary>
    internal RedisConnection Connection
    {
        get
        {
            var connection = Volatile.Read(ref _connection);
            if (connection is null || !ReferenceEquals(connection.Source, Configuration))
            {
                connection = RedisConnection.Parse(Configuration);
                Volatile.Write(ref _connection, connection);
            }

            return connection;
        }
    }

    /// <summary>Two sections are equal when they name the same configuration string (the parsed value follows from it).</summary>
    public bool Equals(RedisCacheConfig? other) => other is not null && string.Equals(Configuration, other.Configuration, StringComparison.Ordinal);

    /// <inheritdoc />
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(Configuration);
}
