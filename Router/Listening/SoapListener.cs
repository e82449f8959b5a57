using SoapRouter.Configuration;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Listening;

/// <summary>One HTTP listener of the config: its name, binding and the path it serves on its host and port.</summary>
internal sealed class SoapListener
{
    // The path without its trailing slash ("" for the root), compared with request paths trimmed the same way.
    private readonly string _matchPath;
    private SoapListener? _kept;

    /// <summary>Describes <paramref name="config"/>, already checked to be an http listener of an HTTP binding.</summary>
    public SoapListener(ListenerConfig config, WireBinding binding, Uri address)
    {
        Name = config.Name;
        Binding = binding;
        Address = address;
        IsStreamed = config.IsStreamed;

        // A streamed body is never held, so it cannot be checked before it goes on (the backend's reader checks it).
        ValidateBody = config.ValidateBody && !IsStreamed;
        RequiresClientCertificate = config.Tls is { RequiresClientCertificates: true };
        _matchPath = Uri.UnescapeDataString(address.AbsolutePath).TrimEnd('/');
        Path = _matchPath.Length == 0 ? "/" : _matchPath;
    }

    // The same listener in another binding: what its kept messages are read with (see Kept).
    private SoapListener(SoapListener listener, WireBinding binding)
    {
        Name = listener.Name;
        Binding = binding;
        Address = listener.Address;
        IsStreamed = listener.IsStreamed;
        ValidateBody = listener.ValidateBody;
        RequiresClientCertificate = listener.RequiresClientCertificate;
        _matchPath = listener._matchPath;
        Path = listener.Path;
    }

    /// <summary>The listener's name, for logs.</summary>
    public string Name { get; }

    /// <summary>What the listener accepts.</summary>
    public WireBinding Binding { get; }

    /// <summary>The configured address.</summary>
    public Uri Address { get; }

    /// <summary>True for a netTcp listener (the net.tcp framing, not HTTP); a streamed one has <see cref="Binding"/> binaryHttp's, the encoding of its messages.</summary>
    public bool IsNetTcp { get; init; }

    /// <summary>True for transportMode streamed: bodies pass through as they arrive, routing reads the header section only.</summary>
    public bool IsStreamed { get; }

    /// <summary>True when every message is read to its end (well-formed, within the reader quotas) before it is forwarded.</summary>
    public bool ValidateBody { get; }

    /// <summary>True when clients must present a TLS certificate (tls.clientCertificateMode RequireCertificate); the WSDL says so.</summary>
    public bool RequiresClientCertificate { get; }

    /// <summary>The path served, without a trailing slash ("/" for the root); routes' address filters see it.</summary>
    public string Path { get; }

    /// <summary>
    /// The listener as the messages it took are read again from the queue store (durable deliveries, copies): itself, but
    /// for a netTcp listener, whose session bytes only their connection can read, the same listener in
    /// <see cref="WireBinding.Sessionless"/>, the encoding its messages are kept in (<see cref="Queues.KeptBytes"/>).
    /// </summary>
    public SoapListener Kept => Binding.IsSession ? _kept ??= new SoapListener(this, Binding.Sessionless) : this;

    /// <summary>True when <paramref name="requestPath"/> is this listener's path, ignoring case and a trailing slash.</summary>
    public bool Serves(ReadOnlySpan<char> requestPath) =>
        requestPath.TrimEnd('/').Equals(_matchPath, StringComparison.OrdinalIgnoreCase);
}
