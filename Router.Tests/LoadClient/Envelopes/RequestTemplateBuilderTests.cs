using System.ServiceModel;
using System.Text;
using LoadClient.CommandLine;
using LoadClient.Driving;
using LoadClient.Envelopes;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.LoadClient.Envelopes;

public sealed class RequestTemplateBuilderTests
{
    private const string UuidPattern = "^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
    private static readonly Uri To = new("http://backend.internal:9000/orders");
    private static readonly WireLimits Limits = WireLimits.ForSize(16 * 1024 * 1024);

    public static TheoryData<string, string> BindingsAndOperations()
    {
        var data = new TheoryData<string, string>();
        foreach (var binding in WireBindings.Http)
        {
            foreach (var operation in new[] { "echo", "getOrders", "submitOrder" })
            {
                data.Add(binding.Name, operation);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(BindingsAndOperations))]
    public async Task Build_EveryHttpBindingAndOperation_ReadsBackWithTheWireCodec(string bindingName, string operation)
    {
        var binding = WireBindings.Get(bindingName);
        var (call, argument) = Call(operation, binding);

        var template = RequestTemplateBuilder.Build(binding, call, To, Limits);
        var request = DecodedRequest.Read(binding, await ReadContentAsync(template), template.ContentType);

        Assert.Equal(binding.CreateCodec(Limits).ContentType, template.ContentType);
        Assert.Equal(call.Action, template.Action);
        Assert.Equal(call.OneWay, template.OneWay);
        Assert.Equal(call.Name, request.Operation);
        AssertSameArgument(argument, request.Argument);
        if (binding.UsesAddressing)
        {
            Assert.Null(template.SoapActionHeader);
            Assert.Equal(call.Action, request.Action);
            Assert.Equal(To, request.To);
        }
        else
        {
            Assert.Equal("\"" + call.Action + "\"", template.SoapActionHeader);
            Assert.Null(request.Action);
            Assert.Null(request.To);
        }

        var expectsReply = binding.UsesAddressing && !call.OneWay;
        Assert.Equal(expectsReply, template.MessageId is not null);
        Assert.Equal(expectsReply ? true : null, request.ReplyToAnonymous);
        if (expectsReply)
        {
            Assert.Matches(UuidPattern, request.MessageId);
        }
        else
        {
            Assert.Null(request.MessageId);
        }
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "text/xml; charset=utf-8")]
    [InlineData(WireBindingNames.Soap12Http, "application/soap+xml; charset=utf-8")]
    [InlineData(WireBindingNames.BinaryHttp, "application/soap+msbin1")]
    public void Build_ContentType_IsTheEncodersWithoutAnActionParameter(string bindingName, string expected)
    {
        var template = RequestTemplateBuilder.Build(WireBindings.Get(bindingName), OperationCalls.GetOrders(3), To, Limits);

        Assert.Equal(expected, template.ContentType);
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task TemplateContent_TwoRequests_DifferOnlyInTheirMessageId(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        var template = RequestTemplateBuilder.Build(binding, OperationCalls.GetOrders(3), To, Limits);

        var first = await ReadContentAsync(template);
        var second = await ReadContentAsync(template);

        Assert.Equal(template.Body.Length, first.Length);
        Assert.Equal(template.Body.Length, second.Length);
        var slot = template.MessageId!.Value;
        Assert.Equal(binding.IsBinary, slot.Binary);
        var differing = Enumerable.Range(0, first.Length).Where(i => first[i] != second[i]).ToArray();
        Assert.NotEmpty(differing);
        Assert.All(differing, i => Assert.InRange(i, slot.Offset, slot.Offset + slot.Length - 1));
        var ids = new[] { first, second }.Select(bytes => DecodedRequest.Read(binding, bytes).MessageId).ToArray();
        Assert.All(ids, id => Assert.Matches(UuidPattern, id));
        Assert.NotEqual(ids[0], ids[1]);
        Assert.Equal(
            DecodedRequest.Read(binding, first) with { MessageId = null, Argument = null },
            DecodedRequest.Read(binding, second) with { MessageId = null, Argument = null });
    }

    [Theory]
    [MemberData(nameof(BindingsAndOperations))]
    public async Task Build_IsByteForByteWhatAWcfClientSends_ApartFromTheMessageId(string bindingName, string operation)
    {
        var binding = WireBindings.Get(bindingName);
        var (call, argument) = Call(operation, binding);

        // The backend answers nothing useful: only the request a real ChannelFactory sends is of interest.
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(call.OneWay ? 202 : 500, null, []));
        var address = new Uri(backend.Address("/wcf"));
        await SendWithChannelFactoryAsync(binding, address, operation, argument);
        var sent = Assert.Single(backend.Requests);
        var template = RequestTemplateBuilder.Build(binding, call, address, Limits);

        Assert.Equal(template.ContentType, sent.Header("Content-Type"));
        Assert.Equal(template.SoapActionHeader, sent.Header("SOAPAction"));
        Assert.Equal(template.Body.Length, sent.Body.Length);
        if (template.MessageId is { } slot)
        {
            Assert.Equal(template.Body[..slot.Offset], sent.Body[..slot.Offset]);
            Assert.Equal(template.Body[(slot.Offset + slot.Length)..], sent.Body[(slot.Offset + slot.Length)..]);
        }
        else
        {
            Assert.Equal(template.Body, sent.Body);
        }
    }

    [Fact]
    public void Build_Binary_UsesWcfsStaticDictionaryRatherThanInlineNames()
    {
        var template = RequestTemplateBuilder.Build(WireBindings.BinaryHttp, OperationCalls.GetOrders(3), To, Limits);

        // Envelope, Header, Action and the SOAP and addressing namespaces are dictionary entries in WCF's msbin1.
        Assert.False(Contains(template.Body, "Envelope"));
        Assert.False(Contains(template.Body, "http://www.w3.org/2005/08/addressing"));
        Assert.False(Contains(template.Body, "http://www.w3.org/2003/05/soap-envelope"));
        Assert.True(Contains(template.Body, OrderServiceActions.GetOrders));
    }

    [Fact]
    public void Build_NetTcp_IsRefusedBecauseOnlyTheWcfModeSpeaksIt()
    {
        var error = Assert.Throws<ArgumentException>(() => RequestTemplateBuilder.Build(WireBindings.NetTcp, OperationCalls.GetOrders(1), To, Limits));

        Assert.Contains("WCF client mode", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OperationCalls_ForOptions_SizesTheEchoPayloadForTheEncoding()
    {
        var options = LoadOptionsParser.Parse(["--url", "http://127.0.0.1/", "--size", "20000", "--binding", "binaryHttp"]).Options!;

        var template = RequestTemplateBuilder.Build(options.Binding, OperationCalls.For(options), options.To, Limits);

        Assert.InRange(template.Body.Length, 19_000, 21_500);
    }

    private static (OperationCall Call, object Argument) Call(string operation, WireBinding binding)
    {
        var generator = new PayloadGenerator(PayloadProfile.Compressible, 1);
        var encoding = binding.IsBinary ? PayloadEncoding.BinaryXml : PayloadEncoding.TextXml;
        switch (operation)
        {
            case "echo":
                var payload = generator.CreateEcho(2048, encoding);
                return (OperationCalls.Echo(payload), payload);
            case "getOrders":
                return (OperationCalls.GetOrders(42), 42);
            default:
                var order = generator.GetOrders(1)[0];
                return (OperationCalls.SubmitOrder(order), order);
        }
    }

    private static async Task SendWithChannelFactoryAsync(WireBinding binding, Uri address, string operation, object argument)
    {
        var clientBinding = binding.CreateClientBinding(Limits);
        try
        {
            if (operation == "echo")
            {
                await CallAsync<IEchoService>(clientBinding, address, c => c.EchoAsync((EchoPayload)argument));
            }
            else if (operation == "getOrders")
            {
                await CallAsync<IOrderService>(clientBinding, address, c => c.GetOrdersAsync((int)argument));
            }
            else
            {
                await CallAsync<IOrderService>(clientBinding, address, c => c.SubmitOrderAsync((Order)argument));
            }
        }
        catch (CommunicationException)
        {
            // The empty 500 is not a reply WCF can read; the request has been captured by then.
        }
    }

    private static async Task CallAsync<TContract>(System.ServiceModel.Channels.Binding binding, Uri address, Func<TContract, Task> call)
    {
        var factory = new ChannelFactory<TContract>(binding, new EndpointAddress(address));
        try
        {
            await call(factory.CreateChannel());
        }
        finally
        {
            factory.Abort();
        }
    }

    private static void AssertSameArgument(object expected, object? actual)
    {
        switch (expected)
        {
            case EchoPayload payload:
                var echoed = Assert.IsType<EchoPayload>(actual);
                Assert.Equal(payload.Text, echoed.Text);
                Assert.Equal(payload.Blob, echoed.Blob);
                break;
            case Order order:
                var read = Assert.IsType<Order>(actual);
                Assert.Equal(order.CustomerId, read.CustomerId);
                Assert.Equal(order.ShippingAddress1, read.ShippingAddress1);
                Assert.Equal(order.Notes, read.Notes);
                Assert.Equal(order.OrderItems!.Select(l => (l.ItemId, l.Quantity)), read.OrderItems!.Select(l => (l.ItemId, l.Quantity)));
                break;
            default:
                Assert.Equal(expected, actual);
                break;
        }
    }

    private static bool Contains(byte[] body, string text) => body.AsSpan().IndexOf(Encoding.UTF8.GetBytes(text)) >= 0;

    private static async Task<byte[]> ReadContentAsync(SoapRequestTemplate template)
    {
        using var content = new TemplateContent(template);
        return await content.ReadAsByteArrayAsync();
    }
}
