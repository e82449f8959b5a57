using System.ServiceModel;
using System.ServiceModel.Channels;
using LoadClient.CommandLine;
using LoadClient.Envelopes;
using LoadClient.Tls;
using SoapRouter.Wire.Bindings;

namespace LoadClient.Wcf;

/// <summary>Where and how the WCF mode's channels call: the client binding, the logical address (wsa:To) and the URL they connect to.</summary>
/// <param name="Binding">The wire binding's System.ServiceModel client binding, with --timeout as its open, send and close timeouts.</param>
/// <param name="Address">The endpoint address, which WCF writes as wsa:To.</param>
/// <param name="Via">The URL the transport connects to (--url), which differs from <paramref name="Address"/> when --to is given.</param>
/// <param name="Tls">For a TLS target, the certificate check and client certificate the channel factory's credentials get; else null.</param>
internal sealed record WcfEndpoint(Binding Binding, EndpointAddress Address, Uri Via, TargetTls? Tls)
{
    /// <summary>The endpoint <paramref name="options"/> describe, over TLS with <paramref name="tls"/> (https, or net.tcp's upgrade).</summary>
    public static WcfEndpoint For(LoadOptions options, TargetTls? tls = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        var security = tls?.Settings.Security ?? WireTransportSecurity.None;
        var binding = options.Compression == LoadCompressionMode.Wcf
            ? GzipBinary(options.Binding.CreateClientBinding(ClientLimits.Unbounded, security: security))
            : options.Binding.IsSession
                ? options.Binding.CreateClientBinding(ClientLimits.Unbounded, options.TcpBuffer, security: security)
                : options.Binding.CreateClientBinding(ClientLimits.Unbounded, security: security);

        // SendTimeout bounds a whole call (request out, reply in), as --timeout does in the raw mode; OpenTimeout bounds
        // connecting a net.tcp session.
        binding.OpenTimeout = options.Timeout;
        binding.SendTimeout = options.Timeout;
        binding.CloseTimeout = options.Timeout;

        // net.tcp checks the server certificate's DNS names against the address's identity, by default the host of the
        // address (--to's, not the URL's): the server name is given explicitly.
        var address = tls is not null && options.Binding.IsSession
            ? new EndpointAddress(options.To, new DnsEndpointIdentity(tls.Settings.ServerName))
            : new EndpointAddress(options.To);
        return new WcfEndpoint(binding, address, options.Url, tls);
    }

    // --compression wcf (binaryHttp only, checked by the parser): the same binding with the binary encoder's
    // CompressionFormat set to GZip, what a stock WCF client configured for compression sends.
    private static CustomBinding GzipBinary(Binding binding)
    {
        var custom = new CustomBinding(binding);
        var encoder = custom.Elements.Find<BinaryMessageEncodingBindingElement>()
            ?? throw new InvalidOperationException($"Binding '{binding.Name}' has no binary message encoder to compress.");
        encoder.CompressionFormat = CompressionFormat.GZip;
        return custom;
    }
}
