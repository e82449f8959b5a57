using System.Buffers;
using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Bindings;

/// <summary>The four bindings: what they put on the wire and what a WCF client gets to speak them.</summary>
public sealed class WireBindingTests
{
    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "text/xml; charset=utf-8", false)]
    [InlineData(WireBindingNames.Soap12Http, "application/soap+xml; charset=utf-8", true)]
    [InlineData(WireBindingNames.BinaryHttp, "application/soap+msbin1", true)]
    [InlineData(WireBindingNames.NetTcp, "application/soap+msbinsession1", true)]
    public void Codec_WritesWcfsContentType_AndTheBindingsAddressing(string name, string contentType, bool addressing)
    {
        var binding = WireBindings.Get(name);

        Assert.Equal(contentType, binding.CreateCodec(WireLimits.Default).ContentType);
        Assert.Equal(addressing, binding.UsesAddressing);
        Assert.Same(binding, WireBindings.Find(name));
    }

    [Fact]
    public void Sessionless_OfNetTcp_IsMsbin1InTheSameMessageVersion_AndOfAnHttpBindingItself()
    {
        Assert.Same(WireBindings.BinaryHttp, WireBindings.NetTcp.Sessionless);
        Assert.Same(WireBindings.BinaryHttpAugust2004, WireBindings.NetTcpAugust2004.Sessionless);
        Assert.All(WireBindings.Variants.Where(binding => binding.IsHttp), binding => Assert.Same(binding, binding.Sessionless));
        Assert.All(WireBindings.Variants, binding => Assert.Equal(binding.MessageVersion, binding.Sessionless.MessageVersion));
    }

    [Fact]
    public void Sessionless_WritesASessionsMessageOnItsOwn_ThatReadsBackTheSame()
    {
        // What the durable queues do with a net.tcp session's message: written once in msbin1, read again later anywhere.
        var sessionless = WireBindings.NetTcp.Sessionless.CreateCodec(WireLimits.Default);
        using var message = Message.CreateMessage(WireBindings.NetTcp.MessageVersion, "urn:orders/Submit", "order 7");
        message.Headers.To = new Uri("net.tcp://router/orders");

        var bytes = sessionless.WriteToArray(message);
        using var read = sessionless.Read(bytes);

        Assert.Equal("application/soap+msbin1", sessionless.ContentType);
        Assert.Equal("urn:orders/Submit", read.Headers.Action);
        Assert.Equal(new Uri("net.tcp://router/orders"), read.Headers.To);
        Assert.Equal("order 7", read.GetBody<string>());
    }

    [Fact]
    public void Find_UnknownName_IsNull_AndGetSaysWhatIsKnown()
    {
        Assert.Null(WireBindings.Find("wsHttp"));
        var error = Assert.Throws<ArgumentException>(() => WireBindings.Get("wsHttp"));
        Assert.Contains("basicHttp, soap12Http, binaryHttp, netTcp", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, typeof(BasicHttpBinding))]
    [InlineData(WireBindingNames.Soap12Http, typeof(CustomBinding))]
    [InlineData(WireBindingNames.BinaryHttp, typeof(CustomBinding))]
    [InlineData(WireBindingNames.NetTcp, typeof(NetTcpBinding))]
    public void ClientBinding_HasTheLimitsAndTheMessageVersion(string name, Type expected)
    {
        var binding = WireBindings.Get(name);
        var limits = WireLimits.ForSize(8 << 20);

        var client = binding.CreateClientBinding(limits);

        Assert.IsType(expected, client);
        Assert.Equal(binding.MessageVersion, client.MessageVersion);
        var transport = client.CreateBindingElements().Find<TransportBindingElement>()!;
        Assert.Equal(8 << 20, transport.MaxReceivedMessageSize);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, null, WireTransportSecurity.Transport, "https")]
    [InlineData(WireBindingNames.BasicHttp, null, WireTransportSecurity.TransportWithClientCertificate, "https")]
    [InlineData(WireBindingNames.Soap12Http, null, WireTransportSecurity.Transport, "https")]
    [InlineData(WireBindingNames.BinaryHttp, null, WireTransportSecurity.TransportWithClientCertificate, "https")]
    [InlineData(WireBindingNames.NetTcp, null, WireTransportSecurity.Transport, "net.tcp")]
    [InlineData(WireBindingNames.NetTcp, null, WireTransportSecurity.TransportWithClientCertificate, "net.tcp")]
    [InlineData(WireBindingNames.NetTcp, 64 * 1024, WireTransportSecurity.Transport, "net.tcp")]
    [InlineData(WireBindingNames.NetTcp, 64 * 1024, WireTransportSecurity.TransportWithClientCertificate, "net.tcp")]
    public void ClientBinding_WithTransportSecurity_RunsOverTls_AskingForACertificateOnlyWhenOneIsPresented(
        string name, int? connectionBufferSize, WireTransportSecurity security, string scheme)
    {
        var binding = WireBindings.Get(name);
        var withCertificate = security == WireTransportSecurity.TransportWithClientCertificate;

        var client = binding.CreateClientBinding(WireLimits.ForSize(8 << 20), connectionBufferSize, security: security);

        Assert.Equal(scheme, client.Scheme);
        var elements = client.CreateBindingElements();
        Assert.Equal(8 << 20, elements.Find<TransportBindingElement>()!.MaxReceivedMessageSize);
        if (binding.IsSession)
        {
            // ClientCredentialType None or Certificate is the application/ssl-tls upgrade; Windows would be application/negotiate.
            var ssl = elements.Find<SslStreamSecurityBindingElement>();
            Assert.NotNull(ssl);
            Assert.Equal(withCertificate, ssl.RequireClientCertificate);
            Assert.Null(elements.Find<WindowsStreamSecurityBindingElement>());
        }
        else
        {
            Assert.Equal(withCertificate, elements.Find<HttpsTransportBindingElement>()!.RequireClientCertificate);
        }
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "http")]
    [InlineData(WireBindingNames.Soap12Http, "http")]
    [InlineData(WireBindingNames.NetTcp, "net.tcp")]
    public void ClientBinding_WithoutSecurity_IsPlain(string name, string scheme)
    {
        var client = WireBindings.Get(name).CreateClientBinding(WireLimits.Default, security: WireTransportSecurity.None);

        Assert.Equal(scheme, client.Scheme);
        Assert.Null(client.CreateBindingElements().Find<StreamUpgradeBindingElement>());
    }

    [Fact]
    public void Write_ReturnsAPooledBufferThatReadsBack_AndDisposeReturnsIt()
    {
        var pool = new CountingPool();
        var codec = WireBindings.BinaryHttp.CreateCodec(WireLimits.Default, new ArrayPoolBufferManager(pool));
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:a", "body");

        var bytes = codec.Write(message);
        var read = codec.Read(bytes.Segment);

        Assert.Equal("urn:a", read.Headers.Action);
        Assert.Equal("body", read.GetBody<string>());
        bytes.Dispose();
        bytes.Dispose();
        Assert.Equal(pool.Rented, pool.Returned);
    }

    [Fact]
    public void Write_OverTheMessageSizeLimit_Throws()
    {
        var codec = WireBindings.Soap12Http.CreateCodec(new WireLimits { MaxMessageSize = 1024 });
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:a", new string('x', 4096));

        Assert.Throws<QuotaExceededException>(() => codec.Write(message));
    }

    private sealed class CountingPool : ArrayPool<byte>
    {
        public int Rented { get; private set; }

        public int Returned { get; private set; }

        public override byte[] Rent(int minimumLength)
        {
            Rented++;
            return new byte[minimumLength];
        }

        public override void Return(byte[] array, bool clearArray = false) => Returned++;
    }
}
