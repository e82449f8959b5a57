using System.Net;
using System.Security.Cryptography;
using System.ServiceModel.Channels;
using System.Text;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Stock WCF clients in MTOM (BasicHttpBinding with WSMessageEncoding.Mtom; soap12Http's MTOM encoder) through the
/// router to the stub's MTOM endpoints, verbatim, and bridged to and from msbin1 and text: binary payloads come back
/// byte for byte, and the routing filters see MTOM messages as any other.
/// </summary>
public sealed class MtomThroughRouterTests(VariantBridgeFixture fixture) : IClassFixture<VariantBridgeFixture>
{
    public static TheoryData<string, int> Bridges
    {
        get
        {
            var data = new TheoryData<string, int>();
            foreach (var bridge in VariantBridgeFixture.Bridges.Where(bridge => bridge.Client.IsMtom || bridge.Backend.IsMtom))
            {
                data.Add(bridge.Name, 100);
                data.Add(bridge.Name, 1 << 20);
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Bridges))]
    public async Task Echo_BinaryPayload_ComesBackByteExact_OnTheExpectedPath(string bridgeName, int size)
    {
        var bridge = VariantBridgeFixture.Find(bridgeName);
        using var wcf = StubWcfClient<IEchoService>.Create(bridge.Client, fixture.Router.Address(bridge.Name));
        var blob = RandomNumberGenerator.GetBytes(size);
        var before = fixture.Router.Statistics.Snapshot().Paths;

        var echoed = await wcf.Channel.EchoAsync(new EchoPayload { Text = "mtom", Blob = blob });

        Assert.Equal("mtom", echoed.Text);
        Assert.Equal(blob, echoed.Blob);
        var after = fixture.Router.Statistics.Snapshot().Paths;
        Assert.Equal(before.Verbatim.Messages + (bridge.Verbatim ? 1 : 0), after.Verbatim.Messages);
        Assert.Equal(before.Reencoded.Messages + (bridge.Verbatim ? 0 : 1), after.Reencoded.Messages);
    }

    [Theory]
    [InlineData("basicMtom-basicMtom", "basicMtom")]
    [InlineData("soap12Mtom-soap12Mtom", "soap12Mtom")]
    [InlineData("basicMtom-binary", "binary")]
    public async Task Echo_LargeBlob_TravelsAsMtomOrBinary_NeverAsBase64Text(string bridgeName, string stubEndpoint)
    {
        var bridge = VariantBridgeFixture.Find(bridgeName);
        using var wcf = StubWcfClient<IEchoService>.Create(bridge.Client, fixture.Router.Address(bridge.Name));
        var blob = RandomNumberGenerator.GetBytes(300_000);

        await wcf.Channel.EchoAsync(new EchoPayload { Blob = blob });

        // base64 would be 400,000 bytes: the backend got the bytes as a XOP part or an msbin1 bytes record.
        var received = (await fixture.Stub.StatsAsync()).RecentBodies[stubEndpoint][^1];
        Assert.InRange(received.Length, blob.Length, blob.Length + 4096);
        if (stubEndpoint != "binary")
        {
            Assert.True(SoapMediaTypes.Matches(received.ContentType, SoapMediaTypes.MultipartRelated), received.ContentType);
        }
    }

    [Fact]
    public async Task GetOrders_FromAnMtomBackend_ReachesATextClient()
    {
        using var wcf = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("soap12-soap12Mtom"));

        var orders = await wcf.Channel.GetOrdersAsync(5);

        Assert.Equal(5, orders.Length);
    }

    [Fact]
    public async Task ActionAndXPathFilters_RouteMtomMessages()
    {
        using var wcf = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttpMtom, fixture.Router.Address("filtered"));
        var routes = fixture.Router.Statistics.Snapshot().Routes;
        var byXPath = routes["filtered-xpath"].Messages;
        var byAction = routes["filtered-action"].Messages;

        await wcf.Channel.EchoAsync(new EchoPayload { Text = "route-by-body", Blob = RandomNumberGenerator.GetBytes(5000) });
        await wcf.Channel.EchoAsync(new EchoPayload { Text = "other", Blob = RandomNumberGenerator.GetBytes(5000) });

        routes = fixture.Router.Statistics.Snapshot().Routes;
        Assert.Equal(byXPath + 1, routes["filtered-xpath"].Messages);
        Assert.Equal(byAction + 1, routes["filtered-action"].Messages);
    }

    [Theory]
    [InlineData("boundary", "has no boundary parameter")]
    [InlineData("root", "has no root part")]
    [InlineData("xop", "refers to a XOP part it does not hold")]
    [InlineData("cut", "not a well-formed multipart/related package")]
    public async Task MalformedPackage_IsRefusedWithAFaultNamingWhatIsMissing(string damage, string reason)
    {
        var codec = WireBindings.BasicHttpMtom.CreateCodec(WireLimits.ForSize(1 << 20));
        var (body, contentType) = Damaged(codec, damage);
        using var content = new ByteArrayContent(body);
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        content.Headers.TryAddWithoutValidation("SOAPAction", "\"" + EchoServiceActions.Echo + "\"");
        var requests = (await fixture.Stub.StatsAsync()).Requests;

        using var response = await fixture.Stub.Client.PostAsync(fixture.Router.Address("basicMtom-basicMtom"), content);

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        var bytes = await response.Content.ReadAsByteArrayAsync();

        // The fault is in the listener's encoding: MTOM, as a WCF client of this listener reads it.
        using var fault = codec.Read(bytes, response.Content.Headers.ContentType!.ToString());
        Assert.Contains(reason, MessageFault.CreateFault(fault, 65536).Reason.GetMatchingTranslation().Text, StringComparison.Ordinal);
        Assert.Equal(requests, (await fixture.Stub.StatsAsync()).Requests);
    }

    private static (byte[] Body, string ContentType) Damaged(MessageCodec codec, string damage)
    {
        var blob = RandomNumberGenerator.GetBytes(4000);
        using var message = Message.CreateMessage(codec.Binding.MessageVersion, EchoServiceActions.Echo, new DelegateBodyWriter(writer =>
        {
            writer.WriteStartElement("Echo", ContractNamespaces.Service);
            writer.WriteBase64(blob, 0, blob.Length);
            writer.WriteEndElement();
        }));
        var body = codec.WriteToArray(message);
        var contentType = codec.ContentType;
        var boundary = "\r\n--" + SoapMediaTypes.Parameter(contentType, "boundary");
        var firstPartEnd = Encoding.ASCII.GetString(body).IndexOf(boundary, 4, StringComparison.Ordinal);
        return damage switch
        {
            "boundary" => (body, "multipart/related; type=\"application/xop+xml\"; start-info=\"text/xml\""),
            "root" => (body, contentType.Replace("<http://tempuri.org/0>", "<elsewhere@example>", StringComparison.Ordinal)),
            "xop" => ([.. body[..firstPartEnd], .. Encoding.ASCII.GetBytes(boundary + "--\r\n")], contentType),
            _ => (body[..(body.Length / 2)], contentType),
        };
    }
}
