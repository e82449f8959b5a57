using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Connections;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// The connections of every listener endpoint: a connection middleware that counts live connections and closes one
/// over limits.maxConnections as soon as it is accepted (HTTP endpoints; netTcp ones have their own framing-level
/// limit and are only counted), and the lookup the accept loops use to record their accepts and failures. Refusals and
/// accept failures are logged once per interval with a count.
/// </summary>
internal sealed class ListenerConnections : IDisposable
{
    private readonly RouterStatistics _statistics;
    private readonly TimeProvider _timeProvider;
    private readonly ILogger _logger;
    private readonly int _maxConnections;
    private readonly List<(EndPoint EndPoint, ListenerEndpoint Endpoint, Reporting Reporting)> _registered = [];
    private int _open;

    /// <summary>Counts into <paramref name="statistics"/>; every HTTP endpoint holds at most <paramref name="maxConnections"/>.</summary>
    public ListenerConnections(RouterStatistics statistics, TimeProvider timeProvider, ILogger<ListenerConnections> logger, int maxConnections)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxConnections, 1);
        _statistics = statistics;
        _timeProvider = timeProvider;
        _logger = logger;
        _maxConnections = maxConnections;
    }

    /// <summary>
    /// Registers the Kestrel endpoint <paramref name="endPoint"/> (the very object given to Listen) of
    /// <paramref name="endpoint"/> and returns the connection middleware that counts and limits its connections.
    /// </summary>
    public Func<ConnectionDelegate, ConnectionDelegate> Register(EndPoint endPoint, ListenerEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endPoint);
        ArgumentNullException.ThrowIfNull(endpoint);
        var names = string.Join(',', endpoint.Listeners.Select(listener => listener.Name));
        var counters = _statistics.Connections(names, endpoint.IsNetTcp ? int.MaxValue : _maxConnections);
        var reporting = new Reporting(counters, _timeProvider, _logger);
        lock (_registered)
        {
            _registered.Add((endPoint, endpoint, reporting));
        }

        return next => connection => LimitAsync(connection, next, counters, reporting);
    }

    /// <summary>
    /// Connections accepted on every listener endpoint and not ended yet, those closed at the limit included until they
    /// are: each holds a file descriptor (<see cref="DescriptorReserve"/> counts on it).
    /// </summary>
    public int Open => Volatile.Read(ref _open);

    /// <summary>Whether <paramref name="endPoint"/> (as given to Kestrel) is a listener's; the admin endpoint is not.</summary>
    public bool IsListener(EndPoint endPoint) => Find(endPoint) is not null;

    /// <summary>Records a failed accept on the endpoint bound for <paramref name="endPoint"/>; unknown endpoints (admin) are not counted.</summary>
    public void AcceptFailed(EndPoint endPoint, SocketException exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        ListenerConnectionsLog.AcceptFailedOnce(_logger, endPoint, exception.SocketErrorCode);
        if (Find(endPoint) is { } reporting)
        {
            reporting.Counters.AcceptFailed(_timeProvider.GetTimestamp());
            reporting.LastAcceptError = exception.SocketErrorCode;
            reporting.AcceptFailures.Add();
        }
    }

    /// <summary>
    /// Records that the accept loop of <paramref name="endPoint"/> stopped to keep the file-descriptor reserve; pair with
    /// <see cref="ReserveWaitEnded"/>.
    /// </summary>
    public void ReserveWaitStarted(EndPoint endPoint) => Find(endPoint)?.Counters.ReserveWaitStarted();

    /// <summary>Records that the accept loop of <paramref name="endPoint"/> goes on.</summary>
    public void ReserveWaitEnded(EndPoint endPoint) => Find(endPoint)?.Counters.ReserveWaitEnded();

    /// <summary>Records a successful accept on the endpoint bound for <paramref name="endPoint"/>; the connection is open until its middleware ends.</summary>
    public void AcceptSucceeded(EndPoint endPoint)
    {
        if (Find(endPoint) is { } reporting)
        {
            Interlocked.Increment(ref _open);
            reporting.Counters.AcceptSucceeded();
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        lock (_registered)
        {
            foreach (var (_, _, reporting) in _registered)
            {
                reporting.Dispose();
            }
        }
    }

    private Reporting? Find(EndPoint endPoint)
    {
        lock (_registered)
        {
            foreach (var (registered, _, reporting) in _registered)
            {
                if (ReferenceEquals(registered, endPoint))
                {
                    return reporting;
                }
            }

            // localhost endpoints are bound as one IPv4 and one IPv6 loopback endpoint, new objects with the (fixed) port.
            if (endPoint is IPEndPoint { Port: > 0 } ip && IPAddress.IsLoopback(ip.Address))
            {
                foreach (var (_, endpoint, reporting) in _registered)
                {
                    if (endpoint.Address is null && endpoint.Port == ip.Port)
                    {
                        return reporting;
                    }
                }
            }
        }

        return null;
    }

    private async Task LimitAsync(ConnectionContext connection, ConnectionDelegate next, ConnectionCounters counters, Reporting reporting)
    {
        try
        {
            if (!counters.TryOpen())
            {
                // Closed before a byte is read: the client sees its connection end, and the router spends nothing on it.
                counters.Rejected(_timeProvider.GetTimestamp());
                reporting.Refusals.Add();
                await connection.DisposeAsync().ConfigureAwait(false);
                return;
            }

            try
            {
                await next(connection).ConfigureAwait(false);
            }
            finally
            {
                counters.Closed();
            }
        }
        finally
        {
            Interlocked.Decrement(ref _open);
        }
    }

    /// <summary>One endpoint's counters and its aggregated log lines.</summary>
    private sealed class Reporting : IDisposable
    {
        public Reporting(ConnectionCounters counters, TimeProvider timeProvider, ILogger logger)
        {
            Counters = counters;
            Refusals = new IntervalCount(timeProvider, IntervalCount.DefaultInterval,
                (count, interval) => ListenerConnectionsLog.ConnectionsRefused(logger, count, counters.Listeners, counters.Limit, interval));
            AcceptFailures = new IntervalCount(timeProvider, IntervalCount.DefaultInterval,
                (count, interval) => ListenerConnectionsLog.AcceptFailing(logger, count, counters.Listeners, LastAcceptError, interval));
        }

        public ConnectionCounters Counters { get; }

        public IntervalCount Refusals { get; }

        public IntervalCount AcceptFailures { get; }

        public SocketError LastAcceptError { get; set; }

        public void Dispose()
        {
            Refusals.Dispose();
            AcceptFailures.Dispose();
        }
    }
}
