using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Pipeline;

/// <summary>A cluster as the pipeline uses it, with what each listener binding needs to reach it.</summary>
internal sealed class ForwardTarget
{
    private readonly bool[] _reencodes;

    private ForwardTarget(ClusterState cluster)
    {
        Cluster = cluster;
        _reencodes = new bool[WireBindings.Variants.Count];
        for (var i = 0; i < _reencodes.Length; i++)
        {
            _reencodes[i] = ForwardingPaths.AnyReencodedByWcf(cluster, WireBindings.Variants[i]);
        }
    }

    /// <summary>The cluster.</summary>
    public ClusterState Cluster { get; }

    /// <summary>The target of <paramref name="cluster"/>.</summary>
    public static ForwardTarget For(ClusterState cluster)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        return new ForwardTarget(cluster);
    }

    /// <summary>
    /// True when a message from a listener of <paramref name="binding"/> is likely to take WCF's re-encode path to this cluster
    /// (so it is buffered as a WCF message first): <see cref="ForwardingPaths.AnyReencodedByWcf"/>. A message not buffered
    /// here is buffered by its sender if WCF must re-encode it after all (<see cref="ReceivedMessage.TryBuffer"/>).
    /// </summary>
    public bool NeedsReencoding(WireBinding binding)
    {
        ArgumentNullException.ThrowIfNull(binding);
        for (var i = 0; i < _reencodes.Length; i++)
        {
            if (ReferenceEquals(WireBindings.Variants[i], binding))
            {
                return _reencodes[i];
            }
        }

        return ForwardingPaths.AnyReencodedByWcf(Cluster, binding);
    }
}
