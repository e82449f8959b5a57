using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Listening;

/// <summary>
/// Which Kestrel endpoints the config's listeners need: listeners grouped by scheme, host and port (HTTP listeners
/// share an endpoint and are told apart by path; net.tcp ones by the via of their sessions). An https listener (or a
/// net.tcp one) with a tls section gets TLS on its endpoint; host names are refused, at start.
/// </summary>
internal sealed class ListenerPlan
{
    private ListenerPlan(IReadOnlyList<ListenerEndpoint> endpoints, IReadOnlyList<ListenerConfig> notStarted)
    {
        Endpoints = endpoints;
        NotStarted = notStarted;
    }

    /// <summary>The endpoints to bind, each with its listeners.</summary>
    public IReadOnlyList<ListenerEndpoint> Endpoints { get; }

    /// <summary>Listeners this build cannot serve (none today; kept so a future binding can be reported rather than dropped).</summary>
    public IReadOnlyList<ListenerConfig> NotStarted { get; }

    /// <summary>Every HTTP binding some listener uses.</summary>
    public IReadOnlyCollection<WireBinding> Bindings
    {
        get
        {
            var bindings = new HashSet<WireBinding>();
            foreach (var endpoint in Endpoints)
            {
                foreach (var listener in endpoint.Listeners)
                {
                    bindings.Add(listener.Binding);
                }
            }

            return bindings;
        }
    }

    /// <summary>
    /// The binding of <paramref name="config"/>'s messages; null when unknown. A streamed netTcp listener's messages are
    /// msbin1 without the session dictionary (the singleton-unsized mode has no session), SOAP 1.2 with its addressing: the
    /// message layer reads, routes and forwards them as binaryHttp's, so they pass verbatim to binaryHttp destinations.
    /// </summary>
    public static WireBinding? MessageBinding(ListenerConfig config)
    {
        ArgumentNullException.ThrowIfNull(config);
        return config.Binding == WireBindingNames.NetTcp && config.IsStreamed
            ? WireBindings.Find(WireBindingNames.BinaryHttp, WireEncodingNames.Binary, config.Addressing)
            : WireBindings.Find(config.Binding, config.Encoding, config.Addressing);
    }

    /// <summary>Plans <paramref name="listeners"/> (a validated config); throws <see cref="ArgumentException"/> naming every listener this build refuses.</summary>
    public static ListenerPlan Build(IReadOnlyList<ListenerConfig> listeners)
    {
        ArgumentNullException.ThrowIfNull(listeners);
        var problems = new List<string>();
        var notStarted = new List<ListenerConfig>();
        var groups = new Dictionary<(string Host, int Port), (IPAddress? Address, List<SoapListener> Listeners, ListenerTlsConfig? Tls)>();
        foreach (var config in listeners)
        {
            if (MessageBinding(config) is not { } binding)
            {
                notStarted.Add(config);
                continue;
            }

            var uri = new Uri(config.Address, UriKind.Absolute);
            var isNetTcp = config.Binding == WireBindingNames.NetTcp;
            var scheme = isNetTcp ? Uri.UriSchemeNetTcp : config.Tls is null ? Uri.UriSchemeHttp : Uri.UriSchemeHttps;
            if (uri.Scheme != scheme)
            {
                problems.Add($"listener '{config.Name}' ({config.Address}): {uri.Scheme} needs {(uri.Scheme == Uri.UriSchemeHttps ? "a tls section" : scheme)}");
                continue;
            }

            if (!TryParseHost(uri, out var address, out var problem))
            {
                problems.Add($"listener '{config.Name}' ({config.Address}): {problem}");
                continue;
            }

            var key = (uri.Scheme + "://" + uri.Host.ToUpperInvariant(), uri.Port);
            if (!groups.TryGetValue(key, out var group))
            {
                // Validation made every listener of a host:port agree on its TLS section.
                group = (address, [], config.Tls);
                groups.Add(key, group);
            }

            group.Listeners.Add(new SoapListener(config, binding, uri) { IsNetTcp = isNetTcp });
        }

        if (problems.Count > 0)
        {
            // No parameter name: the message is printed to operators as it is, without "(Parameter ...)".
#pragma warning disable CA2208
            throw new ArgumentException("listeners cannot start: " + string.Join("; ", problems));
#pragma warning restore CA2208
        }

        var endpoints = new List<ListenerEndpoint>(groups.Count);
        foreach (var (_, (address, members, tls)) in groups)
        {
            endpoints.Add(new ListenerEndpoint(address, members[0].Address.Port, [.. members], members[0].IsNetTcp) { TlsConfig = tls });
        }

        return new ListenerPlan(endpoints, notStarted);
    }

    // Literal addresses and localhost only, as for the admin endpoint: binding a host name could open more interfaces than meant.
    private static bool TryParseHost(Uri uri, out IPAddress? address, out string? problem)
    {
        address = null;
        problem = null;
        if (string.Equals(uri.Host, "localhost", StringComparison.OrdinalIgnoreCase))
        {
            if (uri.Port == 0)
            {
                problem = "localhost needs a fixed port; use 127.0.0.1 for port 0";
                return false;
            }

            return true;
        }

        if (IPAddress.TryParse(uri.Host.Trim('[', ']'), out var parsed))
        {
            address = parsed;
            return true;
        }

        problem = "the host must be an IP address or localhost, not a host name";
        return false;
    }
}
