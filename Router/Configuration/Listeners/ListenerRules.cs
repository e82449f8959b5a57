using SoapRouter.Wire.Bindings;

namespace SoapRouter.Configuration;

/// <summary>Validation of the listeners section.</summary>
internal static class ListenerRules
{
    /// <summary>Checks every listener and the ways listeners can clash with each other.</summary>
    public static void Check(IReadOnlyList<ListenerConfig> listeners, ConfigValidationContext context)
    {
        if (listeners.Count == 0)
        {
            context.Error("listeners", "at least one listener is required");
            return;
        }

        var names = new Dictionary<string, string>(StringComparer.Ordinal);
        var addresses = new Dictionary<string, string>(StringComparer.Ordinal);
        var portSchemes = new Dictionary<int, (string Scheme, string Path)>();
        for (var i = 0; i < listeners.Count; i++)
        {
            var listener = listeners[i];
            var path = ConfigPath.Index("listeners", i);
            var namePath = ConfigPath.Property(path, "name");
            if (context.Require(listener.Name, namePath) && !names.TryAdd(listener.Name, path))
            {
                context.Error(namePath, $"duplicate listener name '{listener.Name}' (also {names[listener.Name]})");
            }

            BindingRules.Check(listener.Binding, ConfigPath.Property(path, "binding"), context);
            BindingRules.CheckVariant(listener.Binding, listener.Encoding, listener.Addressing, path, context);
            if (listener.Binding == WireBindingNames.NetTcp && listener.Addressing == WireAddressingNames.August2004 && TransportModes.IsStreamed(listener.TransportMode))
            {
                context.Error(ConfigPath.Property(path, "addressing"),
                    "a streamed netTcp listener has no august2004 addressing (not built: the anonymous 2004 ReplyTo is cut out of buffered sessions only)");
            }
            if (listener.Compression is { } compression)
            {
                context.Errors(compression.Validate(ConfigPath.Property(path, "compression")));
            }

            var addressPath = ConfigPath.Property(path, "address");
            var uri = AddressRules.CheckEndpoint(listener.Address, listener.Binding, addressPath, context);
            if (uri is null)
            {
                continue;
            }

            if (!addresses.TryAdd(AddressRules.EndpointKey(uri), path))
            {
                context.Error(addressPath, $"address '{listener.Address}' is already used by {addresses[AddressRules.EndpointKey(uri)]}");
            }

            // One port is served by one transport: Kestrel for http, https or the net.tcp framing, never two at once.
            // Port 0 asks the system for a free port, a different one for each scheme.
            if (uri.Port == 0)
            {
                continue;
            }

            if (portSchemes.TryGetValue(uri.Port, out var owner))
            {
                if (owner.Scheme != uri.Scheme)
                {
                    context.Error(addressPath, $"port {uri.Port} is already used with scheme '{owner.Scheme}' by {owner.Path}; one port serves one scheme");
                }
            }
            else
            {
                portSchemes.Add(uri.Port, (uri.Scheme, path));
            }
        }
    }
}
