using System.Diagnostics;
using System.Net;
using System.Text;
using BackendStub.Hosting;
using BackendStub.Service;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>
/// The WCF behaviour the router faces at the stub, over raw HTTP: address and contract filters, bad input, limits,
/// injection. Every fault is HTTP 500 with the endpoint's own content type, as WCF answers them.
/// </summary>
public sealed class StubHostFaultTests
{
    public static TheoryData<string> Bindings => [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    public static TheoryData<string> AddressingBindings => [WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    [Theory]
    [MemberData(nameof(AddressingBindings))]
    public async Task AddressFilter_WrongTo_IsDestinationUnreachable_RightTo_Succeeds(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var right = stub.Address(binding);
        var wrong = new UriBuilder(right) { Port = right.Port == 1 ? 2 : 1 }.Uri;
        var request = StubEnvelopes.Echo(binding, "x", wrong);

        var refused = await stub.SendAsync(request);
        var served = await stub.SendAsync(StubEnvelopes.Echo(binding, "x", right));

        AssertFaultResponse(refused);
        var fault = refused.ReadFault();
        Assert.True(fault.IsSender);
        Assert.Equal(("DestinationUnreachable", SoapNamespaces.Addressing10), (fault.Subcode, fault.SubcodeNamespace));
        Assert.Equal(WcfFaults.AddressFilterMismatchReason(wrong.AbsoluteUri), fault.Reason);
        Assert.Equal(SoapNamespaces.Addressing10FaultAction, refused.AddressingHeader("Action"));
        Assert.Equal(request.MessageId, refused.AddressingHeader("RelatesTo"));
        Assert.Equal(HttpStatusCode.OK, served.StatusCode);
        Assert.Equal("x", served.ReadEcho()!.Text);
    }

    [Fact]
    public async Task AddressFilter_MissingTo_IsDestinationUnreachable()
    {
        await using var stub = await RunningStub.StartAsync();

        var reply = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.Soap12Http, "x", to: null));

        AssertFaultResponse(reply);
        Assert.Equal("DestinationUnreachable", reply.ReadFault().Subcode);
    }

    [Theory]
    [InlineData(AddressFilterMode.Default, "localhost", HttpStatusCode.OK)]
    [InlineData(AddressFilterMode.Exact, "localhost", HttpStatusCode.InternalServerError)]
    [InlineData(AddressFilterMode.Exact, "127.0.0.1", HttpStatusCode.OK)]
    [InlineData(AddressFilterMode.Default, "127.0.0.1", HttpStatusCode.OK)]
    public async Task AddressFilter_HostAlias_CountsOnlyInExactMode(AddressFilterMode mode, string host, HttpStatusCode expected)
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { AddressFilter = mode });
        var to = new UriBuilder(stub.Address(WireBindings.Soap12Http)) { Host = host, Path = "/SOAP12/" }.Uri;

        var reply = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.Soap12Http, "x", to));

        Assert.Equal(expected, reply.StatusCode);
    }

    [Fact]
    public async Task AddressFilter_Any_AcceptsEveryTo()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { AddressFilter = AddressFilterMode.Any });

        var reply = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.BinaryHttp, "x", new Uri("http://elsewhere:1/other")));

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task UnknownAction_IsActionNotSupported(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Create(binding, "http://tempuri.org/IOrderService/Nope", writeBody: null, stub.Address(binding));

        var reply = await stub.SendAsync(request);

        AssertFaultResponse(reply);
        var fault = reply.ReadFault();
        Assert.True(fault.IsSender);
        Assert.Equal("ActionNotSupported", fault.Subcode);
        Assert.Equal(binding.UsesAddressing ? SoapNamespaces.Addressing10 : SoapNamespaces.AddressingNone, fault.SubcodeNamespace);
        Assert.Equal(WcfFaults.ContractFilterMismatchReason("http://tempuri.org/IOrderService/Nope"), fault.Reason);
        Assert.Equal(1, (await stub.StatsAsync()).Actions["http://tempuri.org/IOrderService/Nope"]);
    }

    [Fact]
    public async Task UnknownAction_OfSixtyFourKilobytes_IsNotReflectedWhole_AndCountedAsOther()
    {
        await using var stub = await RunningStub.StartAsync();
        var action = "http://tempuri.org/" + new string('x', 64 * 1024);

        var reply = await stub.SendAsync(StubEnvelopes.Create(WireBindings.Soap12Http, action, writeBody: null, stub.Address(WireBindings.Soap12Http)));

        AssertFaultResponse(reply);
        var fault = reply.ReadFault();
        Assert.Equal("ActionNotSupported", fault.Subcode);
        Assert.InRange(fault.Reason.Length, 1024, 2048);
        Assert.Equal(1, (await stub.StatsAsync()).Actions["(other)"]);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task MalformedXml_IsASenderFault_WithAFixedReason(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var garbage = binding.IsBinary ? new byte[] { 0xFF, 0x00, 0x13, 0x37 } : Encoding.UTF8.GetBytes("<s:Envelope><oops secret-token");
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding)) with { Body = garbage };

        var reply = await stub.SendAsync(request);

        AssertFaultResponse(reply);
        var fault = reply.ReadFault();
        Assert.True(fault.IsSender);
        Assert.StartsWith("The message could not be read: ", fault.Reason, StringComparison.Ordinal);
        Assert.DoesNotContain("secret-token", fault.Reason, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", fault.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task TruncatedMessage_AtEveryTenthByte_IsASenderFaultOrTheWholeEcho_AndTheStubKeepsServing(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var whole = StubEnvelopes.Echo(binding, "truncate me", stub.Address(binding));

        for (var length = 0; length < whole.Body.Length; length += 10)
        {
            var reply = await stub.SendAsync(whole with { Body = whole.Body[..length] });

            // Like WCF, the stub reads the body only as far as the operation's element: a cut after it goes unnoticed.
            if (reply.StatusCode == HttpStatusCode.OK && length > whole.Body.Length / 2)
            {
                Assert.Equal("truncate me", reply.ReadEcho()!.Text);
                continue;
            }

            AssertFaultResponse(reply);
            Assert.True(reply.ReadFault().IsSender, $"length {length}");
        }

        Assert.Equal(HttpStatusCode.OK, (await stub.SendAsync(whole)).StatusCode);
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http, WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.BasicHttp, WireBindingNames.Soap12Http)]
    public async Task EnvelopeOfTheOtherSoapVersion_IsAFault(string endpointBinding, string envelopeBinding)
    {
        var endpoint = WireBindings.Get(endpointBinding);
        await using var stub = await RunningStub.StartAsync();
        var foreign = StubEnvelopes.Echo(WireBindings.Get(envelopeBinding), "x", stub.Address(endpoint));
        var request = StubEnvelopes.Echo(endpoint, "x", stub.Address(endpoint)) with { Body = foreign.Body };

        var reply = await stub.SendAsync(request);

        AssertFaultResponse(reply);
        Assert.StartsWith("The message could not be read", reply.ReadFault().Reason, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task BodyNotMatchingTheOperation_IsDeserializationFailed(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Create(
            binding,
            EchoServiceActions.Echo,
            writer => OperationMessages.GetOrdersRequest.Write(writer, 1),
            stub.Address(binding));

        var reply = await stub.SendAsync(request);

        AssertFaultResponse(reply);
        var fault = reply.ReadFault();
        Assert.True(fault.IsSender);
        Assert.Equal(("DeserializationFailed", SoapNamespaces.Dispatcher), (fault.Subcode, fault.SubcodeNamespace));
        Assert.Equal("Error in deserializing body of request message for operation 'Echo'. The body is not the operation's request element with its data contract.", fault.Reason);
    }

    [Fact]
    public async Task GetOrders_OutOfRange_IsAFault()
    {
        await using var stub = await RunningStub.StartAsync();

        var reply = await stub.SendAsync(StubEnvelopes.GetOrders(WireBindings.BasicHttp, 10_001));

        AssertFaultResponse(reply);
        Assert.Contains("numOrders must be from 0 to 10000", reply.ReadFault().Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "application/soap+xml; charset=utf-8")]
    [InlineData(WireBindingNames.Soap12Http, "text/xml; charset=utf-8")]
    [InlineData(WireBindingNames.BinaryHttp, "application/soap+xml")]
    [InlineData(WireBindingNames.Soap12Http, "")]
    public async Task WrongContentType_Is415(string bindingName, string contentType)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding)) with { ContentType = contentType };

        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, reply.StatusCode);
        Assert.Empty(reply.Body);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Get_OnASoapEndpoint_WithoutWsdlQuery_Is405(string bindingName)
    {
        await using var stub = await RunningStub.StartAsync();

        using var response = await stub.Client.GetAsync(stub.Address(WireBindings.Get(bindingName)));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
        Assert.Equal(["POST"], response.Content.Headers.Allow);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyOverMaxMessageSize_Is413_WithOrWithoutContentLength(bool declareLength)
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { MaxMessageSize = 1024 });
        var request = StubEnvelopes.Echo(WireBindings.BasicHttp, new string('a', 4096));
        using var message = request.ToHttpRequest(stub.Address(WireBindings.BasicHttp));
        if (!declareLength)
        {
            // A stream of unknown length goes out chunked, so the stub finds the size only by reading.
            var content = new StreamContent(new NoLengthStream(request.Body));
            content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
            message.Content = content;
        }

        using var response = await stub.Client.SendAsync(message);
        var small = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.BasicHttp, "fits"));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Equal(HttpStatusCode.OK, small.StatusCode);
    }

    [Fact]
    public async Task FaultEvery2_FaultsEverySecondRequestWithAnInjectedReceiverFault()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { FaultEvery = 2 });
        var statuses = new List<HttpStatusCode>();
        for (var i = 0; i < 4; i++)
        {
            var request = StubEnvelopes.Echo(WireBindings.Soap12Http, "x", stub.Address(WireBindings.Soap12Http));
            var reply = await stub.SendAsync(request);
            statuses.Add(reply.StatusCode);
            if (i % 2 == 1)
            {
                AssertFaultResponse(reply);
                var fault = reply.ReadFault();
                Assert.False(fault.IsSender);
                Assert.StartsWith(WcfFaults.InjectedReasonPrefix, fault.Reason, StringComparison.Ordinal);
                Assert.Equal(request.MessageId, reply.AddressingHeader("RelatesTo"));
            }
        }

        var basic = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.BasicHttp, "x"));
        var basicFault = await stub.SendAsync(StubEnvelopes.Echo(WireBindings.BasicHttp, "x"));

        Assert.Equal([HttpStatusCode.OK, HttpStatusCode.InternalServerError, HttpStatusCode.OK, HttpStatusCode.InternalServerError], statuses);
        Assert.Equal(HttpStatusCode.OK, basic.StatusCode);
        AssertFaultResponse(basicFault);
        Assert.Equal(new StubFault(false, null, null, "Injected fault (request 6)."), basicFault.ReadFault());
        var stats = await stub.StatsAsync();
        Assert.Equal(3, stats.FaultsInjected);
        Assert.Equal(3, stats.FaultsReturned);
    }

    [Fact]
    public async Task Latency_DelaysTheReply()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(200) });
        var request = StubEnvelopes.Echo(WireBindings.BasicHttp, "x");

        var watch = Stopwatch.StartNew();
        var reply = await stub.SendAsync(request);
        watch.Stop();

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.True(watch.Elapsed >= TimeSpan.FromMilliseconds(150), $"elapsed {watch.Elapsed.TotalMilliseconds} ms");
    }

    /// <summary>A SOAP fault as WCF answers it: HTTP 500, the endpoint encoder's content type, a body.</summary>
    private static void AssertFaultResponse(StubReply reply)
    {
        Assert.Equal(HttpStatusCode.InternalServerError, reply.StatusCode);
        Assert.Equal(StubCodecs.For(reply.Binding).ContentType, reply.ContentType);
        Assert.NotEmpty(reply.Body);
    }

    /// <summary>A read-only stream that hides its length, so HttpClient sends it chunked.</summary>
    private sealed class NoLengthStream(byte[] data) : MemoryStream(data)
    {
        public override bool CanSeek => false;
    }
}
