using System.Diagnostics;
using System.Net;
using System.Text;
using Samples.Contracts;
using BackendStub.Hosting;
using BackendStub.Soap;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The WCF behaviour the router faces at the stub: address and contract filters, bad input, limits, injection.</summary>
public sealed class StubHostFaultTests
{
    public static TheoryData<SoapBinding> Bindings => [SoapBinding.BasicHttp, SoapBinding.Soap12, SoapBinding.Binary];

    public static TheoryData<SoapBinding> AddressingBindings => [SoapBinding.Soap12, SoapBinding.Binary];

    [Theory]
    [MemberData(nameof(AddressingBindings))]
    public async Task AddressFilter_WrongTo_IsDestinationUnreachable_RightTo_Succeeds(SoapBinding binding)
    {
        await using var stub = await RunningStub.StartAsync();
        var right = stub.Address(binding);
        var wrong = new UriBuilder(right) { Port = right.Port == 1 ? 2 : 1 }.Uri;

        var refused = await stub.SendAsync(StubEnvelopes.Echo(binding, "x", wrong));
        var served = await stub.SendAsync(StubEnvelopes.Echo(binding, "x", right));

        Assert.Equal(HttpStatusCode.BadRequest, refused.StatusCode);
        Assert.StartsWith(SoapBindings.MediaType(binding), refused.ContentType, StringComparison.Ordinal);
        var (code, subcode, reason) = refused.ReadFault();
        Assert.Equal(SoapFaultCode.Sender, code);
        Assert.Equal("DestinationUnreachable", subcode);
        Assert.Equal(WcfFaults.AddressFilterMismatchReason(wrong.AbsoluteUri), reason);
        Assert.Equal(SoapNamespaces.Addressing10FaultAction, refused.AddressingHeader("Action"));
        Assert.Equal(HttpStatusCode.OK, served.StatusCode);
        Assert.Equal("x", served.ReadEcho()!.Text);
    }

    [Fact]
    public async Task AddressFilter_MissingTo_IsDestinationUnreachable()
    {
        await using var stub = await RunningStub.StartAsync();

        var reply = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.Soap12, "x", to: null));

        Assert.Equal("DestinationUnreachable", reply.ReadFault().Subcode);
    }

    [Theory]
    [InlineData(AddressFilterMode.Default, "localhost", HttpStatusCode.OK)]
    [InlineData(AddressFilterMode.Exact, "localhost", HttpStatusCode.BadRequest)]
    [InlineData(AddressFilterMode.Exact, "127.0.0.1", HttpStatusCode.OK)]
    [InlineData(AddressFilterMode.Default, "127.0.0.1", HttpStatusCode.OK)]
    public async Task AddressFilter_HostAlias_CountsOnlyInExactMode(AddressFilterMode mode, string host, HttpStatusCode expected)
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { AddressFilter = mode });
        var to = new UriBuilder(stub.Address(SoapBinding.Soap12)) { Host = host, Path = "/SOAP12/" }.Uri;

        var reply = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.Soap12, "x", to));

        Assert.Equal(expected, reply.StatusCode);
    }

    [Fact]
    public async Task AddressFilter_Any_AcceptsEveryTo()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { AddressFilter = AddressFilterMode.Any });

        var reply = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.Binary, "x", new Uri("http://elsewhere:1/other")));

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
    }

    [Theory]
    [InlineData(SoapBinding.BasicHttp, HttpStatusCode.InternalServerError)]
    [InlineData(SoapBinding.Soap12, HttpStatusCode.BadRequest)]
    [InlineData(SoapBinding.Binary, HttpStatusCode.BadRequest)]
    public async Task UnknownAction_IsActionNotSupported(SoapBinding binding, HttpStatusCode status)
    {
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Create(binding, "http://tempuri.org/IOrderService/Nope", writeBody: null, stub.Address(binding));

        var reply = await stub.SendAsync(request);

        Assert.Equal(status, reply.StatusCode);
        var (code, subcode, reason) = reply.ReadFault();
        Assert.Equal(SoapFaultCode.Sender, code);
        Assert.Equal("ActionNotSupported", subcode);
        Assert.Contains("'http://tempuri.org/IOrderService/Nope'", reason, StringComparison.Ordinal);
        Assert.Contains("ContractFilter mismatch", reason, StringComparison.Ordinal);
        Assert.Equal(1, (await stub.StatsAsync()).Actions["http://tempuri.org/IOrderService/Nope"]);
    }

    [Theory]
    [InlineData(SoapBinding.BasicHttp, HttpStatusCode.InternalServerError)]
    [InlineData(SoapBinding.Soap12, HttpStatusCode.BadRequest)]
    [InlineData(SoapBinding.Binary, HttpStatusCode.BadRequest)]
    public async Task MalformedXml_IsASenderFault(SoapBinding binding, HttpStatusCode status)
    {
        await using var stub = await RunningStub.StartAsync();
        var garbage = binding == SoapBinding.Binary ? new byte[] { 0xFF, 0x00, 0x13, 0x37 } : Encoding.UTF8.GetBytes("<s:Envelope><oops");
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding)) with { Body = garbage };

        var reply = await stub.SendAsync(request);

        Assert.Equal(status, reply.StatusCode);
        var (code, _, reason) = reply.ReadFault();
        Assert.Equal(SoapFaultCode.Sender, code);
        Assert.StartsWith("The message could not be read", reason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task BodyNotMatchingTheOperation_IsDeserializationFailed()
    {
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Create(
            SoapBinding.Soap12,
            EchoServiceActions.Echo,
            writer => OperationMessages.GetOrdersRequest.Write(writer, 1),
            stub.Address(SoapBinding.Soap12));

        var reply = await stub.SendAsync(request);

        var (code, subcode, reason) = reply.ReadFault();
        Assert.Equal(SoapFaultCode.Sender, code);
        Assert.Equal("DeserializationFailed", subcode);
        Assert.Contains("operation 'Echo'", reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(SoapBinding.BasicHttp, "application/soap+xml; charset=utf-8")]
    [InlineData(SoapBinding.Soap12, "text/xml; charset=utf-8")]
    [InlineData(SoapBinding.Binary, "application/soap+xml")]
    [InlineData(SoapBinding.Soap12, "")]
    public async Task WrongContentType_Is415(SoapBinding binding, string contentType)
    {
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding)) with { ContentType = contentType };

        var reply = await stub.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, reply.StatusCode);
    }

    [Fact]
    public async Task Get_OnASoapEndpoint_Is405()
    {
        await using var stub = await RunningStub.StartAsync();

        using var response = await stub.Client.GetAsync(stub.Address(SoapBinding.BasicHttp));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyOverMaxMessageSize_Is413_WithOrWithoutContentLength(bool declareLength)
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { MaxMessageSize = 1024 });
        var request = StubEnvelopes.Echo(SoapBinding.BasicHttp, new string('a', 4096));
        using var message = request.ToHttpRequest(stub.Address(SoapBinding.BasicHttp));
        if (!declareLength)
        {
            // A stream of unknown length goes out chunked, so the stub finds the size only by reading.
            var content = new StreamContent(new NoLengthStream(request.Body));
            content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
            message.Content = content;
        }

        using var response = await stub.Client.SendAsync(message);
        var small = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.BasicHttp, "fits"));

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
            var reply = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.Soap12, "x", stub.Address(SoapBinding.Soap12)));
            statuses.Add(reply.StatusCode);
            if (i % 2 == 1)
            {
                var (code, _, reason) = reply.ReadFault();
                Assert.Equal(SoapFaultCode.Receiver, code);
                Assert.StartsWith(WcfFaults.InjectedReasonPrefix, reason, StringComparison.Ordinal);
            }
        }

        var basic = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.BasicHttp, "x"));
        var basicFault = await stub.SendAsync(StubEnvelopes.Echo(SoapBinding.BasicHttp, "x"));

        Assert.Equal([HttpStatusCode.OK, HttpStatusCode.InternalServerError, HttpStatusCode.OK, HttpStatusCode.InternalServerError], statuses);
        Assert.Equal(HttpStatusCode.OK, basic.StatusCode);
        Assert.Equal((SoapFaultCode.Receiver, (string?)null), (basicFault.ReadFault().Code, basicFault.ReadFault().Subcode));
        Assert.Equal(3, (await stub.StatsAsync()).FaultsInjected);
    }

    [Fact]
    public async Task Latency_DelaysTheReply()
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { Latency = TimeSpan.FromMilliseconds(200) });
        var request = StubEnvelopes.Echo(SoapBinding.BasicHttp, "x");

        var watch = Stopwatch.StartNew();
        var reply = await stub.SendAsync(request);
        watch.Stop();

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.True(watch.Elapsed >= TimeSpan.FromMilliseconds(150), $"elapsed {watch.Elapsed.TotalMilliseconds} ms");
    }

    /// <summary>A read-only stream that hides its length, so HttpClient sends it chunked.</summary>
    private sealed class NoLengthStream(byte[] data) : MemoryStream(data)
    {
        public override bool CanSeek => false;
    }
}
