using System.Net.Http.Headers;
using System.Net.Sockets;
using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Configuration;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Health;

/// <summary>
/// Active health checks: every destination of a cluster with <c>healthCheck</c> is probed on its interval (an HTTP
/// GET of the configured path, 2xx passes; for net.tcp destinations a framing preamble for their Via, a Preamble Ack
/// passes, or with <c>netTcpProbe: connect</c> a TCP connect; or, with <c>action</c>, a SOAP
/// request in the destination's binding, a reply that is not a fault, or a fault named in <c>healthyFaults</c>, passes). Results feed the destination's
/// <see cref="DestinationHealth"/>. Probes of one destination never overlap; a reload is picked up on the next tick.
/// </summary>
/// <param name="runtime">Whose current clusters are probed.</param>
/// <param name="states">The state of the config in use, whose codecs write an action probe as the message path writes messages.</param>
internal sealed class HealthProber(RouterRuntime runtime, PipelineStateCache states, NetTcpDestinationClients netTcp, TimeProvider time, ILogger<HealthProber> logger)
    : BackgroundService
{
    private static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(250);

    private readonly RouterRuntime _runtime = runtime;
    private readonly TimeProvider _time = time;
    private readonly ILogger _logger = logger;
    private readonly NetTcpDestinationClients _netTcp = netTcp;
    private readonly HttpClient _http = new(new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.FromMinutes(1), UseProxy = false, AllowAutoRedirect = false })
    {
        Timeout = Timeout.InfiniteTimeSpan,
    };

    private readonly Dictionary<string, Probe> _probes = new(StringComparer.Ordinal);

    /// <inheritdoc />
    public override void Dispose()
    {
        _http.Dispose();
        base.Dispose();
    }

    /// <inheritdoc />
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(Tick, _time);
        try
        {
            while (await timer.WaitForNextTickAsync(stoppingToken).ConfigureAwait(false))
            {
                StartDueProbes(stoppingToken);
            }
        }
        catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
        {
            // Host stopping.
        }
    }

    /// <summary>Starts the probes whose interval has passed; public for tests that drive it without the timer.</summary>
    public void StartDueProbes(CancellationToken cancellationToken)
    {
        var now = _time.GetTimestamp();
        foreach (var cluster in _runtime.State.Clusters.Values)
        {
            if (cluster.Config.HealthCheck is not { } check)
            {
                continue;
            }

            foreach (var destination in cluster.Primaries)
            {
                StartIfDue(cluster, destination, check, now, cancellationToken);
            }

            foreach (var destination in cluster.Backups)
            {
                StartIfDue(cluster, destination, check, now, cancellationToken);
            }
        }
    }

    private void StartIfDue(ClusterState cluster, DestinationState destination, HealthCheckConfig check, long now, CancellationToken cancellationToken)
    {
        if (destination.Health is not { } health)
        {
            return;
        }

        if (!_probes.TryGetValue(destination.Name, out var probe) || probe.Destination != destination)
        {
            probe = new Probe(destination);
            _probes[destination.Name] = probe;
        }

        if (probe.Running || (probe.LastStarted != 0 && _time.GetElapsedTime(probe.LastStarted, now) < check.Interval))
        {
            return;
        }

        probe.Running = true;
        probe.LastStarted = now;
        _ = RunAsync(cluster, probe, health, check, cancellationToken);
    }

    private async Task RunAsync(ClusterState cluster, Probe probe, DestinationHealth health, HealthCheckConfig check, CancellationToken cancellationToken)
    {
        try
        {
            using var timeout = new CancellationTokenSource(check.Timeout, _time);
            using var linked = CancellationTokenSource.CreateLinkedTokenSource(timeout.Token, cancellationToken);
            var problem = check.Action is { } action
                ? await ProbeActionAsync(cluster, probe.Destination, action, check, linked.Token).ConfigureAwait(false)
                : await ProbeAsync(probe.Destination, check, linked.Token).ConfigureAwait(false);
            if (cancellationToken.IsCancellationRequested)
            {
                return;
            }

            if (problem is null)
            {
                health.ProbePassed(check.HealthyThreshold);
            }
            else
            {
                health.ProbeFailed(check.UnhealthyThreshold, problem);
            }
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // A probe must never take the prober down; an unexpected error counts as a failed probe.
            HealthProberLog.ProbeThrew(_logger, probe.Destination.Name, ex);
            health.ProbeFailed(check.UnhealthyThreshold, ex.GetType().Name);
        }
        finally
        {
            probe.Running = false;
        }
    }

    /// <summary>Null when the probe passed, else what went wrong, in a few words.</summary>
    private async Task<string?> ProbeAsync(DestinationState destination, HealthCheckConfig check, CancellationToken cancellationToken)
    {
        try
        {
            if (destination.Binding.Name == WireBindingNames.NetTcp)
            {
                if (check.NetTcpProbe == NetTcpProbeKinds.Preamble)
                {
                    return await NetTcpPreambleProbe.ProbeAsync(
                        destination.Address, SessionContentType(destination), destination.Config.Tls is null ? null : TlsStreamUpgrade.ProtocolName, cancellationToken).ConfigureAwait(false);
                }

                using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp);
                await socket.ConnectAsync(destination.Address.Host, destination.Address.Port, cancellationToken).ConfigureAwait(false);
                return null;
            }

            using var request = new HttpRequestMessage(HttpMethod.Get, ProbeUri(destination.Address, check.Path));
            using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
            return response.IsSuccessStatusCode ? null : $"HTTP {(int)response.StatusCode}";
        }
        catch (OperationCanceledException)
        {
            return "timed out";
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex))
        {
            return ex is HttpRequestException { InnerException: SocketException socket } ? socket.SocketErrorCode.ToString()
                : ex is SocketException direct ? direct.SocketErrorCode.ToString()
                : ex.GetType().Name;
        }
    }

    /// <summary>An action probe: the SOAP request in the destination's binding; null when a reply that is not a fault came.</summary>
    private async Task<string?> ProbeActionAsync(ClusterState cluster, DestinationState destination, string action, HealthCheckConfig check, CancellationToken cancellationToken)
    {
        var state = states.Current;
        var limits = state.State.Config.Limits;
        var binding = destination.Binding;
        using var request = HealthProbeMessage.Create(binding, action, check.Body, destination.Address);
        try
        {
            if (binding.IsSession)
            {
                var client = _netTcp.Get(destination, cluster, state.Limits, limits.NetTcp.SessionsPerDestination, limits.NetTcp.MaxSessionsPerDestination);
                var outcome = await client.SendAsync(request, expectReply: true, cancellationToken).ConfigureAwait(false);
                // The bytes a framing session's reply reads from go after the reply.
                using var netTcpBytes = outcome.Framed?.Bytes;
                using var netTcpReply = outcome.Reply;
                return outcome.Error is Forwarding.ForwardError.None or Forwarding.ForwardError.BackendFault
                    ? HealthProbeMessage.Judge(netTcpReply, check.HealthyFaults)
                    : outcome.Error.ToString();
            }

            var codec = state.Codec(binding);
            using var bytes = codec.Write(request);
            using var content = new ByteArrayContent(bytes.Array, bytes.Offset, bytes.Count);
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(codec.ContentType);
            using var post = new HttpRequestMessage(HttpMethod.Post, destination.Address) { Content = content };
            if (!binding.IsSoap12)
            {
                post.Headers.TryAddWithoutValidation("SOAPAction", $"\"{action}\"");
            }

            using var response = await _http.SendAsync(post, HttpCompletionOption.ResponseContentRead, cancellationToken).ConfigureAwait(false);
            var contentType = response.Content.Headers.ContentType?.ToString();
            var kind = Wire.Soap.HttpReplyClassifier.Classify((int)response.StatusCode, contentType);
            if (kind == Wire.Soap.HttpReplyKind.Unusable)
            {
                return $"HTTP {(int)response.StatusCode} ({contentType ?? "no content type"})";
            }

            var replyBytes = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
            if (replyBytes.Length == 0)
            {
                return kind == Wire.Soap.HttpReplyKind.Fault ? $"HTTP {(int)response.StatusCode}" : null;
            }

            using var reply = codec.Read(new ArraySegment<byte>(replyBytes), contentType);
            return HealthProbeMessage.Judge(reply, check.HealthyFaults);
        }
        catch (OperationCanceledException)
        {
            return "timed out";
        }
        catch (Exception ex) when (ErrorClassifier.IsPeerFailure(ex))
        {
            return ex is HttpRequestException { InnerException: SocketException socket } ? socket.SocketErrorCode.ToString() : ex.GetType().Name;
        }
    }

    /// <summary>The preamble's encoding for a net.tcp destination: null (the binary session) or WCF's compressed session's content type.</summary>
    private static string? SessionContentType(DestinationState destination) =>
        NetTcpDestinationClients.SessionCompression(destination.Config.Compression) switch
        {
            CompressionFormat.GZip => SoapMediaTypes.MsbinSession1 + "+gzip",
            CompressionFormat.Deflate => SoapMediaTypes.MsbinSession1 + "+deflate",
            _ => null,
        };

    /// <summary>The probe's URL: an absolute path on the destination's host and port, or a query on its address.</summary>
    public static Uri ProbeUri(Uri address, string path) =>
        path.StartsWith('?')
            ? new UriBuilder(address) { Query = path[1..] }.Uri
            : new Uri(new Uri(address.GetLeftPart(UriPartial.Authority)), path);

    private sealed class Probe(DestinationState destination)
    {
        public DestinationState Destination { get; } = destination;

        public long LastStarted { get; set; }

        public volatile bool Running;
    }
}
