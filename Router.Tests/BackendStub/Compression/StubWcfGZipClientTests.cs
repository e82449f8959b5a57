using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.BackendStub.Compression;

/// <summary>
/// A stock WCF client whose binary encoder compresses (CompressionFormat.GZip: it sends application/soap+msbin1+gzip
/// and Accept-Encoding gzip, deflate) against the stub's binary endpoint, with and without reply compression.
/// </summary>
public sealed class StubWcfGZipClientTests
{
    [Theory]
    [InlineData(LinkCompressionMode.None)]
    [InlineData(LinkCompressionMode.Always)]
    public async Task Echo_FromGZipWcfClient_ComesBackEqual(LinkCompressionMode mode)
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { Compression = StubOptions.DefaultCompression with { Mode = mode } });
        var binding = new CustomBinding(
            new BinaryMessageEncodingBindingElement { CompressionFormat = CompressionFormat.GZip, ReaderQuotas = XmlDictionaryReaderQuotas.Max },
            new HttpTransportBindingElement { MaxReceivedMessageSize = 8 << 20, MaxBufferSize = 8 << 20 })
        {
            SendTimeout = TimeSpan.FromSeconds(30),
        };
        var factory = new ChannelFactory<IEchoService>(binding, new EndpointAddress(stub.Address(WireBindings.BinaryHttp)));
        var channel = factory.CreateChannel();
        try
        {
            var text = StubCompressedRequestTests.CompressibleText(3000);

            var echoed = await channel.EchoAsync(new EchoPayload { Text = text });

            Assert.Equal(text, echoed.Text);
            var stats = await stub.StatsAsync();
            Assert.Equal(1, stats.Compression.RequestsByCodec["gzip"]);
            Assert.Equal(mode == LinkCompressionMode.Always ? 1 : 0, stats.Compression.Links["binary"].Compressed);
        }
        finally
        {
            ((ICommunicationObject)channel).Abort();
            factory.Abort();
        }
    }
}
