using System.Buffers;
using System.Net;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using SoapRouter.Forwarding.Http;

namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// The router's own HTTP/1.1 client for one plain-http destination: keep-alive connections kept idle in a stack (the
/// most recently used first), at most <c>maxConnections</c> exchanges at once, and the rules HttpClient applies to
/// pooled connections: a connection is closed after <see cref="HttpDestinationClient.PooledConnectionLifetime"/> or a
/// minute idle, and a request that failed on a reused connection before any byte of the response came back (the server
/// had closed it while idle) is sent again on a new connection. Failures are thrown as <see cref="Http1SendException"/>
/// with whether the request had gone out, for the transport's classifier.
/// </summary>
internal sealed class Http1ConnectionPool : IDisposable
{
    /// <summary>How long a connection may stay idle before it is closed instead of used (HttpClient's default).</summary>
    public static readonly TimeSpan IdleTimeout = TimeSpan.FromMinutes(1);

    private readonly Stack<Http1Connection> _idle = new();
    private readonly SemaphoreSlim _exchanges;
    private readonly EndPoint _endPoint;
    private readonly byte[] _prefix;
    private readonly TimeSpan _connectTimeout;
    private readonly TimeProvider _time;
    private readonly int _maxIdle;
    private bool _disposed;

    /// <summary>A pool for <paramref name="address"/> (http://, no proxy), connecting within <paramref name="connectTimeout"/> (zero: no limit).</summary>
    public Http1ConnectionPool(Uri address, TimeSpan connectTimeout, int maxConnections, TimeProvider time)
    {
        ArgumentNullException.ThrowIfNull(address);
        ArgumentNullException.ThrowIfNull(time);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxConnections, 1);
        _endPoint = IPAddress.TryParse(address.DnsSafeHost, out var ip) ? new IPEndPoint(ip, address.Port) : new DnsEndPoint(address.DnsSafeHost, address.Port);
        _prefix = Http1RequestWriter.Prefix(address);
        _connectTimeout = connectTimeout;
        _time = time;
        _maxIdle = maxConnections;
        _exchanges = new SemaphoreSlim(maxConnections, maxConnections);
    }

    /// <summary>Connections idle in the pool now.</summary>
    public int IdleCount
    {
        get
        {
            lock (_idle)
            {
                return _idle.Count;
            }
        }
    }

    /// <summary>
    /// Sends <paramref name="request"/> and reads the whole response (the caller owns its body). Null when the request's
    /// head cannot be written by this client (see <see cref="Http1RequestWriter.Write"/>): nothing was sent, and the
    /// caller sends it through HttpClient.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<Http1Response?> SendAsync(
        RawSoapRequest request, int maxBodyLength, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed), this);
        await _exchanges.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var fresh = false;
            while (true)
            {
                var connection = fresh ? null : RentIdle();
                var reused = connection is not null;
                if (connection is null)
                {
                    try
                    {
                        connection = await ConnectAsync(cancellationToken).ConfigureAwait(false);
                    }
                    catch (Exception exception)
                    {
                        throw new Http1SendException(exception, requestSent: false);
                    }
                }

                var headLength = connection.WriteHead(_prefix, request);
                if (headLength < 0)
                {
                    Return(connection);
                    return null;
                }

                try
                {
                    var response = await connection.SendAsync(headLength, request, maxBodyLength, pool, cancellationToken).ConfigureAwait(false);
                    if (connection.Reusable)
                    {
                        Return(connection);
                    }
                    else
                    {
                        connection.Dispose();
                    }

                    return response;
                }
                catch (Exception exception)
                {
                    connection.Dispose();
                    if (reused && !connection.ResponseStarted && !cancellationToken.IsCancellationRequested && exception is not OperationCanceledException)
                    {
                        // The server closed this idle connection before it could read the request: HttpClient's retry.
                        fresh = true;
                        continue;
                    }

                    throw new Http1SendException(exception, connection.RequestStarted);
                }
            }
        }
        finally
        {
            _exchanges.Release();
        }
    }

    /// <summary>Closes the idle connections; exchanges in flight close theirs when they end.</summary>
    public void Dispose()
    {
        lock (_idle)
        {
            _disposed = true;
            while (_idle.TryPop(out var connection))
            {
                connection.Dispose();
            }
        }
    }

    private Http1Connection? RentIdle()
    {
        var now = _time.GetTimestamp();
        lock (_idle)
        {
            while (_idle.TryPop(out var connection))
            {
                if (_time.GetElapsedTime(connection.CreatedAt, now) < HttpDestinationClient.PooledConnectionLifetime
                    && _time.GetElapsedTime(connection.LastUsedAt, now) < IdleTimeout)
                {
                    return connection;
                }

                connection.Dispose();
            }
        }

        return null;
    }

    private void Return(Http1Connection connection)
    {
        connection.LastUsedAt = _time.GetTimestamp();
        lock (_idle)
        {
            if (!_disposed && _idle.Count < _maxIdle)
            {
                _idle.Push(connection);
                return;
            }
        }

        connection.Dispose();
    }

    private async ValueTask<Http1Connection> ConnectAsync(CancellationToken cancellationToken)
    {
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        using var timeout = _connectTimeout > TimeSpan.Zero ? CancellationTokenSource.CreateLinkedTokenSource(cancellationToken) : null;
        timeout?.CancelAfter(_connectTimeout);
        try
        {
            await socket.ConnectAsync(_endPoint, timeout?.Token ?? cancellationToken).ConfigureAwait(false);
            return new Http1Connection(socket, _time.GetTimestamp());
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            socket.Dispose();
            throw new TimeoutException($"Connecting took longer than {_connectTimeout.TotalSeconds:0.###} s.");
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }
}
