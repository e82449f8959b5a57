using System.ServiceModel;
using System.ServiceModel.Channels;
using LoadClient.CommandLine;
using LoadClient.Envelopes;

namespace LoadClient.Wcf;

/// <summary>Where and how the WCF mode's channels call: the client binding, the logical address (wsa:To) and the URL they connect to.</summary>
/// <param name="Binding">The wire binding's System.ServiceModel client binding, with --timeout as its open, send and close timeouts.</param>
/// <param name="Address">The endpoint address, which WCF writes as wsa:To.</param>
/// <param name="Via">The URL the transport connects to (--url), which differs from <paramref name="Address"/> when --to is given.</param>
internal sealed record WcfEndpoint(Binding Binding, EndpointAddress Address, Uri Via)
{
    /// <summary>The endpoint <paramref name="options"/> describe.</summary>
    public static WcfEndpoint For(LoadOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var binding = options.Compression == LoadCompressionMode.Wcf
            ? GzipBinary(options.Binding.CreateClientBinding(ClientLimits.Unbounded))
            : options.Binding.IsSession
                ? options.Binding.CreateClientBinding(ClientLimits.Unbounded, options.TcpBuffer)
                : options.Binding.CreateClientBinding(ClientLimits.Unbounded);

        // SendTimeout bounds a whole call (request out, reply in), as --timeout does in the raw mode; OpenTimeout bounds
        // connecting a net.tcp session.
        binding.OpenTimeout = options.Timeout;
        binding.SendTimeout = options.Timeout;
        binding.CloseTimeout = options.Timeout;
        return new WcfEndpoint(binding, new EndpointAddress(options.To), options.Url);
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
