using SoapRouter.Compression;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Hosting;
using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// Holds the <see cref="PipelineState"/> of the newest router state. The state of a new config is built when the
/// config is installed (so its warnings appear at load, once); a message still on an older state (in flight across a
/// reload) gets a state of its own, which is never installed, so the newest always wins.
/// </summary>
/// <remarks>Built empty; the states it builds share the destination clients, statistics and compression links given here.</remarks>
internal sealed class PipelineStateCache(
    RouterRuntime runtime,
    HttpDestinationClients clients,
    NetTcpDestinationClients netTcp,
    RouterStatistics statistics,
    CompressionLinks compression,
    ILogger<HttpVerbatimTransport> transportLogger)
{
    private readonly Lock _installGate = new();
    private PipelineState? _current;

    /// <summary>The state of the config in use: a listener reads it once when a message begins, and the message keeps it.</summary>
    public PipelineState Current => Get(runtime.State);

    /// <summary>The pipeline state of <paramref name="state"/>.</summary>
    public PipelineState Get(RouterState state)
    {
        var current = Volatile.Read(ref _current);
        return current is not null && ReferenceEquals(current.State, state) ? current : Install(state);
    }

    private PipelineState Install(RouterState state)
    {
        var built = PipelineState.Build(state, clients, netTcp, statistics, transportLogger, compression);
        lock (_installGate)
        {
            var current = _current;
            if (current is not null && ReferenceEquals(current.State, state))
            {
                // Another message built it first.
                return current;
            }

            if (current is null || state.Snapshot.Version > current.State.Snapshot.Version)
            {
                compression.Update(state.Config);
                Volatile.Write(ref _current, built);
            }
        }

        return built;
    }
}
