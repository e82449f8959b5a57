using System.Net;
using BackendStub.Hosting;
using LoadClient.CommandLine;
using LoadClient.Envelopes;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// LoadClient's <c>--orders N</c> as the real BackendStub reads it: the raw request carries the part the contract names
/// (numOrders), so the stub answers N orders, not 0 (which a mismatched part name would silently give).
/// </summary>
public sealed class LoadClientGetOrdersTests
{
    private static readonly WireLimits Limits = WireLimits.ForSize(16 * 1024 * 1024);

    public static TheoryData<string> Bindings => [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task RawGetOrders_OrdersOption_StubAnswersThatManyOrders(string bindingName)
    {
        const int Count = 7;
        var options = new StubOptions { Profile = PayloadProfile.Incompressible, Seed = OperationCalls.PayloadSeed };
        await using var stub = await RunningStub.StartAsync(options);
        var binding = WireBindings.Get(bindingName);
        var address = stub.Address(binding);
        var parsed = LoadOptionsParser.Parse(
            ["--url", address.AbsoluteUri, "--binding", bindingName, "--operation", "getOrders", "--orders", Count.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        Assert.True(parsed.Succeeded, string.Join("; ", parsed.Errors));

        var template = RequestTemplateBuilder.Build(binding, OperationCalls.For(parsed.Options!), address, Limits);
        var reply = await stub.Client.SendAsync(address, new StubRequest(binding, template.Body, template.ContentType, template.SoapActionHeader, MessageId: null));

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        var orders = reply.ReadOrders();
        Assert.NotNull(orders);
        Assert.Equal(Count, orders.Length);
        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Incompressible, OperationCalls.PayloadSeed).GetOrders(Count), orders);
    }
}
