using System.Collections.Frozen;
using System.Xml;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Metadata;

/// <summary>
/// Learns which operations are one-way from the WSDL of each cluster that has net.tcp destinations (a net.tcp service
/// acknowledges nothing, so the router must know not to wait for a reply), at start and after every reload, off the
/// message path: start-up never waits for it, and until a cluster's WSDL is read its routes behave as without it.
/// Only clusters some route uses without listing <c>oneWayActions</c> are fetched. A WSDL that cannot be fetched is
/// retried with a doubling delay (15 s up to 5 min) and logged once; what was learned before stays in use meanwhile.
/// Each fetch is bounded: at most <see cref="MaxDocuments"/> documents (the WSDL and its imports) of at most
/// limits.maxMessageSize bytes each, each within the cluster's request timeout (at most <see cref="MaxFetchTime"/>).
/// </summary>
/// <remarks>Built by DI; it starts with the host.</remarks>
internal sealed class OneWayLearner(RouterRuntime runtime, MetadataFetcher fetcher, OneWayCatalog catalog, TimeProvider time, ILogger<OneWayLearner> logger)
    : BackgroundService
{
    /// <summary>The first retry after a failed fetch; each failure in a row doubles it.</summary>
    public static readonly TimeSpan FirstRetry = TimeSpan.FromSeconds(15);

    /// <summary>The longest wait between retries.</summary>
    public static readonly TimeSpan MaxRetry = TimeSpan.FromMinutes(5);

    /// <summary>The most one document may take, whatever the cluster's request timeout.</summary>
    public static readonly TimeSpan MaxFetchTime = TimeSpan.FromSeconds(10);

    /// <summary>The most documents read for one cluster (the WSDL and the parts it imports).</summary>
    public const int MaxDocuments = 8;

    private TaskCompletionSource _changed = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <inheritdoc />
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        // Start-up goes on at once; everything below runs on the thread pool.
        await Task.Yield();
        runtime.StateChanged += OnStateChanged;
        try
        {
            long version = -1;
            var plan = new Dictionary<string, Attempt>(StringComparer.Ordinal);
            while (!stoppingToken.IsCancellationRequested)
            {
                // Read before the state, so a reload landing after this is never missed.
                var changed = Volatile.Read(ref _changed).Task;
                var state = runtime.State;
                if (state.Snapshot.Version != version)
                {
                    version = state.Snapshot.Version;
                    plan = Plan(state);
                }

                await LearnDueAsync(state, plan, stoppingToken).ConfigureAwait(false);
                await WaitAsync(changed, NextDue(plan), stoppingToken).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
        {
            // Host stopping.
        }
        finally
        {
            runtime.StateChanged -= OnStateChanged;
        }
    }

    /// <summary>
    /// The clusters of <paramref name="state"/> to learn, all due now. Clusters no longer learned are forgotten; those
    /// still learned keep what they knew until the new fetch answers.
    /// </summary>
    private Dictionary<string, Attempt> Plan(RouterState state)
    {
        var plan = new Dictionary<string, Attempt>(StringComparer.Ordinal);
        foreach (var route in state.Routes.Routes)
        {
            if (route.ListsOneWayActions || plan.ContainsKey(route.Cluster)
                || !state.Clusters.TryGetValue(route.Cluster, out var cluster) || !HasNetTcpDestination(cluster))
            {
                continue;
            }

            plan[route.Cluster] = new Attempt(cluster, time.GetUtcNow(), FirstRetry);
        }

        catalog.Retain(plan.Keys.ToHashSet(StringComparer.Ordinal));
        foreach (var (name, attempt) in plan)
        {
            var known = catalog.Get(name);
            if (!HasMetadataAddress(attempt.Cluster))
            {
                if (known?.State != OneWayLearningStates.NoMetadata)
                {
                    MetadataLog.NoMetadataAddress(logger, name);
                }

                catalog.Set(name, new LearnedContract(OneWayLearningStates.NoMetadata, FrozenSet<string>.Empty));
                attempt.Done = true;
            }
            else if (known is null || known.State == OneWayLearningStates.NoMetadata)
            {
                catalog.Set(name, LearnedContract.Pending);
            }
        }

        return plan;
    }

    private async Task LearnDueAsync(RouterState state, Dictionary<string, Attempt> plan, CancellationToken cancellationToken)
    {
        var now = time.GetUtcNow();
        var due = new List<(string Name, Attempt Attempt)>();
        foreach (var (name, attempt) in plan)
        {
            if (!attempt.Done && attempt.At <= now)
            {
                due.Add((name, attempt));
            }
        }

        if (due.Count == 0)
        {
            return;
        }

        var maxSize = (int)Math.Min(state.Config.Limits.MaxMessageSize, Array.MaxLength - 1);
        var results = await Task.WhenAll(due.Select(d => LearnOrFailAsync(d.Name, d.Attempt.Cluster, maxSize, cancellationToken))).ConfigureAwait(false);
        for (var i = 0; i < due.Count; i++)
        {
            Record(due[i].Name, due[i].Attempt, results[i]);
        }
    }

    private async Task<LearnedContract> LearnOrFailAsync(string name, ClusterState cluster, int maxSize, CancellationToken cancellationToken)
    {
        try
        {
            return await LearnAsync(cluster, maxSize, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            // A bug must not stop the host (a BackgroundService's exception would); it counts as a failed attempt.
            MetadataLog.LearningThrew(logger, ex, name);
            return new LearnedContract(OneWayLearningStates.Failed, FrozenSet<string>.Empty, Problem: ex.GetType().Name);
        }
    }

    /// <summary>Reads the WSDL of the first destination (primaries, then backups) that serves one.</summary>
    private async Task<LearnedContract> LearnAsync(ClusterState cluster, int maxSize, CancellationToken cancellationToken)
    {
        var timeout = cluster.RequestTimeout < MaxFetchTime ? cluster.RequestTimeout : MaxFetchTime;
        string? firstProblem = null;
        string? firstSource = null;
        foreach (var destination in Candidates(cluster))
        {
            var reader = new WsdlContractReader();
            var queue = new Queue<string>(["?wsdl"]);
            var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "?wsdl" };
            string? problem = null;
            while (queue.TryDequeue(out var query))
            {
                var fetch = await fetcher.FetchAsync(destination, cluster.ConnectTimeout, query, maxSize, timeout, cancellationToken).ConfigureAwait(false);
                if (fetch.Document is not { } document)
                {
                    problem = $"{query}: {fetch.Problem}";
                    break;
                }

                IReadOnlyList<string> imports;
                try
                {
                    imports = reader.Add(document);
                }
                catch (XmlException)
                {
                    problem = $"{query}: not a WSDL 1.1 document";
                    break;
                }

                foreach (var import in imports)
                {
                    if (seen.Count < MaxDocuments && seen.Add(import))
                    {
                        queue.Enqueue(import);
                    }
                }
            }

            if (problem is null)
            {
                var operations = reader.Operations();
                var oneWay = operations.Where(o => o.IsOneWay).SelectMany(o => o.Actions).ToFrozenSet(StringComparer.Ordinal);
                return new LearnedContract(OneWayLearningStates.Learned, oneWay, operations.Count, destination.Name, LearnedAt: time.GetUtcNow());
            }

            firstProblem ??= $"destination {destination.Name} {problem}";
            firstSource ??= destination.Name;
        }

        return new LearnedContract(OneWayLearningStates.Failed, FrozenSet<string>.Empty, Source: firstSource, Problem: firstProblem ?? "no destination has a metadata address");
    }

    /// <summary>Installs the outcome (a failure keeps what was learned before) and schedules the retry of a failure.</summary>
    private void Record(string name, Attempt attempt, LearnedContract outcome)
    {
        var known = catalog.Get(name);
        if (outcome.State == OneWayLearningStates.Learned)
        {
            attempt.Done = true;
            if (known is null || known.State != OneWayLearningStates.Learned || !known.OneWayActions.SetEquals(outcome.OneWayActions))
            {
                var actions = string.Join(", ", outcome.OneWayActions.Order(StringComparer.Ordinal));
                MetadataLog.Learned(logger, name, outcome.OneWayActions.Count, outcome.Operations, outcome.Source!, actions);
            }

            catalog.Set(name, outcome);
            return;
        }

        var retry = attempt.Delay;
        attempt.At = time.GetUtcNow() + retry;
        attempt.Delay = retry * 2 < MaxRetry ? retry * 2 : MaxRetry;
        if (known?.State == OneWayLearningStates.Failed)
        {
            MetadataLog.LearningStillFailing(logger, name, outcome.Problem!, retry.TotalSeconds);
        }
        else
        {
            MetadataLog.LearningFailed(logger, name, outcome.Problem!, retry.TotalSeconds);
        }

        catalog.Set(name, known is { OneWayActions.Count: > 0 }
            ? outcome with { OneWayActions = known.OneWayActions, Operations = known.Operations, LearnedAt = known.LearnedAt }
            : outcome);
    }

    private TimeSpan? NextDue(Dictionary<string, Attempt> plan)
    {
        DateTimeOffset? next = null;
        foreach (var attempt in plan.Values)
        {
            if (!attempt.Done && (next is null || attempt.At < next))
            {
                next = attempt.At;
            }
        }

        if (next is null)
        {
            return null;
        }

        var wait = next.Value - time.GetUtcNow();
        return wait > TimeSpan.Zero ? wait : TimeSpan.Zero;
    }

    /// <summary>Until the config changes, <paramref name="delay"/> passes (null: no retry is due) or the host stops.</summary>
    private async Task WaitAsync(Task changed, TimeSpan? delay, CancellationToken cancellationToken)
    {
        using var wake = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var timer = Task.Delay(delay ?? Timeout.InfiniteTimeSpan, time, wake.Token);
        await Task.WhenAny(changed, timer).ConfigureAwait(false);
        await wake.CancelAsync().ConfigureAwait(false);
        cancellationToken.ThrowIfCancellationRequested();
    }

    private void OnStateChanged(object? sender, RouterState state) =>
        Interlocked.Exchange(ref _changed, new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).TrySetResult();

    private static List<DestinationState> Candidates(ClusterState cluster)
    {
        var candidates = new List<DestinationState>();
        foreach (var destination in cluster.Primaries)
        {
            if (destination.MetadataAddress is not null)
            {
                candidates.Add(destination);
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (destination.MetadataAddress is not null)
            {
                candidates.Add(destination);
            }
        }

        return candidates;
    }

    private static bool HasMetadataAddress(ClusterState cluster) => Candidates(cluster).Count > 0;

    private static bool HasNetTcpDestination(ClusterState cluster)
    {
        foreach (var destination in cluster.Primaries)
        {
            if (destination.Binding.IsSession)
            {
                return true;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (destination.Binding.IsSession)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>When a cluster is next fetched, and how long the retry after that waits.</summary>
    private sealed class Attempt(ClusterState cluster, DateTimeOffset at, TimeSpan delay)
    {
        public ClusterState Cluster { get; } = cluster;

        public DateTimeOffset At { get; set; } = at;

        public TimeSpan Delay { get; set; } = delay;

        public bool Done { get; set; }
    }
}
