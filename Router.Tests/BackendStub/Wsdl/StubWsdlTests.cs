using System.Net;
using System.Text.Json;
using System.Xml;
using System.Xml.Linq;
using System.Xml.Schema;
using BackendStub.Hosting;
using BackendStub.Wsdl;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Wsdl;

/// <summary>The WSDL each stub endpoint serves at ?wsdl: its shape, its addresses and policies, its schema, and zeep using it.</summary>
public sealed class StubWsdlTests
{
    private static readonly XNamespace Wsdl = "http://schemas.xmlsoap.org/wsdl/";
    private static readonly XNamespace Soap11 = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static readonly XNamespace Soap12 = "http://schemas.xmlsoap.org/wsdl/soap12/";
    private static readonly XNamespace Xs = "http://www.w3.org/2001/XMLSchema";
    private static readonly XNamespace Wsaw = "http://www.w3.org/2006/05/addressing/wsdl";
    private static readonly XNamespace Wsp = "http://schemas.xmlsoap.org/ws/2004/09/policy";
    private static readonly XNamespace Wsu = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    private static readonly XNamespace Msb = "http://schemas.microsoft.com/ws/06/2004/mspolicy/netbinary1";
    private static readonly XNamespace Wsa = "http://www.w3.org/2005/08/addressing";

    public static TheoryData<string> Bindings => [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp];

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "?wsdl")]
    [InlineData(WireBindingNames.Soap12Http, "?WSDL")]
    [InlineData(WireBindingNames.BinaryHttp, "?singleWsdl")]
    public async Task Get_WsdlQuery_IsAWellFormedWsdlAsTextXml(string bindingName, string query)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();

        using var response = await stub.Client.GetAsync(new Uri(stub.Address(binding), query));
        var text = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/xml; charset=utf-8", response.Content.Headers.ContentType?.ToString());
        var root = XDocument.Parse(text).Root!;
        Assert.Equal(Wsdl + "definitions", root.Name);
        Assert.Equal(ContractNamespaces.Service, (string?)root.Attribute("targetNamespace"));
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Wsdl_DescribesBothServicesOperations_WithTheirActions(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();

        var wsdl = await GetWsdlAsync(stub, binding);

        var portTypes = wsdl.Root!.Elements(Wsdl + "portType").ToDictionary(p => (string)p.Attribute("name")!);
        Assert.Equal(["IEchoService", "IOrderService", "IProtoOrderService"], portTypes.Keys.Order());
        AssertPortTypeOperation(portTypes["IEchoService"], "Echo", EchoServiceActions.Echo, EchoServiceActions.EchoResponse);
        AssertPortTypeOperation(portTypes["IOrderService"], "GetOrders", OrderServiceActions.GetOrders, OrderServiceActions.GetOrdersResponse);
        AssertPortTypeOperation(portTypes["IOrderService"], "SubmitOrder", OrderServiceActions.SubmitOrder, replyAction: null);
        AssertPortTypeOperation(portTypes["IProtoOrderService"], "GetOrdersProto", ProtoOrderServiceActions.GetOrdersProto, ProtoOrderServiceActions.GetOrdersProtoResponse);
        AssertPortTypeOperation(portTypes["IProtoOrderService"], "EchoProto", ProtoOrderServiceActions.EchoProto, ProtoOrderServiceActions.EchoProtoResponse);

        var soap = binding.IsSoap12 ? Soap12 : Soap11;
        var soapActions = wsdl.Root.Elements(Wsdl + "binding")
            .SelectMany(b => b.Elements(Wsdl + "operation"))
            .ToDictionary(o => (string)o.Attribute("name")!, o => (string?)o.Element(soap + "operation")?.Attribute("soapAction"));
        Assert.Equal(
            new Dictionary<string, string?>
            {
                ["Echo"] = EchoServiceActions.Echo,
                ["GetOrders"] = OrderServiceActions.GetOrders,
                ["SubmitOrder"] = OrderServiceActions.SubmitOrder,
                ["GetOrdersProto"] = ProtoOrderServiceActions.GetOrdersProto,
                ["EchoProto"] = ProtoOrderServiceActions.EchoProto,
            },
            soapActions);
        Assert.All(wsdl.Root.Elements(Wsdl + "binding"), b =>
        {
            Assert.Equal("http://schemas.xmlsoap.org/soap/http", (string?)b.Element(soap + "binding")?.Attribute("transport"));
            Assert.All(b.Descendants(soap + "body"), body => Assert.Equal("literal", (string?)body.Attribute("use")));
        });
        Assert.Empty(wsdl.Descendants((binding.IsSoap12 ? Soap11 : Soap12) + "binding"));
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Wsdl_EveryPortsAddress_IsTheEndpointsBoundAddress(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(binding);

        var wsdl = await GetWsdlAsync(stub, binding);

        var ports = wsdl.Root!.Element(Wsdl + "service")!.Elements(Wsdl + "port").ToList();
        Assert.Equal(3, ports.Count);
        Assert.NotEqual(0, address.Port);
        var soap = binding.IsSoap12 ? Soap12 : Soap11;
        Assert.All(ports, port => Assert.Equal(address.AbsoluteUri, (string?)port.Element(soap + "address")?.Attribute("location")));
        Assert.All(ports, port => Assert.Equal(
            binding.UsesAddressing ? address.AbsoluteUri : null,
            port.Element(Wsa + "EndpointReference")?.Element(Wsa + "Address")?.Value));
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Wsdl_Policies_AreWcfsAddressingAndBinaryEncodingAssertions(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();

        var wsdl = await GetWsdlAsync(stub, binding);

        var policies = wsdl.Root!.Elements(Wsp + "Policy").ToDictionary(p => (string)p.Attribute(Wsu + "Id")!);
        var bindings = wsdl.Root.Elements(Wsdl + "binding").ToList();
        Assert.Equal(3, bindings.Count);
        foreach (var wsdlBinding in bindings)
        {
            var reference = (string?)wsdlBinding.Element(Wsp + "PolicyReference")?.Attribute("URI");
            if (!binding.UsesAddressing)
            {
                Assert.Null(reference);
                continue;
            }

            var assertions = policies[reference![1..]].Element(Wsp + "ExactlyOne")!.Element(Wsp + "All")!.Elements().Select(e => e.Name).ToList();
            Assert.Equal(binding.IsBinary ? [Msb + "BinaryEncoding", Wsaw + "UsingAddressing"] : [Wsaw + "UsingAddressing"], assertions);
        }

        Assert.Equal(binding.UsesAddressing ? 3 : 0, policies.Count);
    }

    [Fact]
    public async Task Wsdl_DataContractSchema_FollowsTheContractClasses()
    {
        await using var stub = await RunningStub.StartAsync();

        var wsdl = await GetWsdlAsync(stub, WireBindings.BasicHttp);

        var data = wsdl.Descendants(Xs + "schema").Single(s => (string?)s.Attribute("targetNamespace") == ContractNamespaces.Data);
        var order = Sequence(data, "Order");
        Assert.Equal(
            ["CustomerID", "ShippingAddress1", "ShippingAddress2", "ShippingCity", "ShippingState", "ShippingZip", "ShippingCountry",
             "ShipType", "CreditCardType", "CreditCardNumber", "CreditCardExpiration", "CreditCardName", "OrderItems", "Notes", "Attachment", "OrderId"],
            order.Select(e => (string)e.Attribute("name")!));
        Assert.All(order, e => Assert.Equal("0", (string?)e.Attribute("minOccurs")));
        Assert.Equal(("xs:int", null), TypeOf(order, "CustomerID"));
        Assert.Equal(("xs:string", "true"), TypeOf(order, "ShippingCity"));
        Assert.Equal(("xs:dateTime", null), TypeOf(order, "CreditCardExpiration"));
        Assert.Equal(("tns:ArrayOfOrderLine", "true"), TypeOf(order, "OrderItems"));
        Assert.Equal(("xs:base64Binary", "true"), TypeOf(order, "Attachment"));
        Assert.Equal(["ItemID", "Quantity"], Sequence(data, "OrderLine").Select(e => (string)e.Attribute("name")!));
        var echo = Sequence(data, "EchoPayload");
        Assert.Equal(("xs:string", "true"), TypeOf(echo, "Text"));
        Assert.Equal(("xs:base64Binary", "true"), TypeOf(echo, "Blob"));
        var arrayItem = Assert.Single(Sequence(data, "ArrayOfOrder"));
        Assert.Equal(("Order", "unbounded", "true"), ((string)arrayItem.Attribute("name")!, (string?)arrayItem.Attribute("maxOccurs"), (string?)arrayItem.Attribute("nillable")));
    }

    [Fact]
    public async Task Wsdl_Schema_ValidatesTheBodiesTheStubReceivesAndSends()
    {
        var binding = WireBindings.Soap12Http;
        await using var stub = await RunningStub.StartAsync(new StubOptions { Profile = PayloadProfile.Incompressible });
        var schemas = await SchemasAsync(stub, binding);
        var order = new PayloadGenerator(PayloadProfile.Incompressible, 1).GetOrders(1)[0];
        var echo = StubEnvelopes.Echo(binding, "schema <&> check", stub.Address(binding), [1, 2, 3]);
        var getOrders = StubEnvelopes.GetOrders(binding, 3, stub.Address(binding));
        var submit = StubEnvelopes.SubmitOrder(binding, order, stub.Address(binding));

        var echoReply = await stub.SendAsync(echo);
        var ordersReply = await stub.SendAsync(getOrders);

        foreach (var envelope in new[] { echoReply.Envelope(), ordersReply.Envelope(), Received(echo), Received(getOrders), Received(submit) })
        {
            var body = envelope.Root!.Element(XName.Get("Body", binding.EnvelopeNamespace))!.Elements().Single();
            var errors = new List<string>();
            new XDocument(body).Validate(schemas, (_, e) => errors.Add(e.Message));
            Assert.True(errors.Count == 0, $"{body.Name}: {string.Join("; ", errors)}");
        }

        // The check can fail: a body the schema does not allow is reported.
        var wrong = new XDocument(new XElement(XName.Get("GetOrders", ContractNamespaces.Service), new XElement(XName.Get("numOrders", ContractNamespaces.Service), "many")));
        var reported = new List<string>();
        wrong.Validate(schemas, (_, e) => reported.Add(e.Message));
        Assert.NotEmpty(reported);
    }

    [Fact]
    public void SchemaSet_RefusesTypesItCannotDescribe()
    {
        Assert.Throws<NotSupportedException>(() => new DataContractSchemaSet().Reference(typeof(Guid)));
        Assert.Throws<NotSupportedException>(() => new DataContractSchemaSet().Reference(typeof(int[])));
    }

    [Fact]
    public void ZeepPython_FindsNothingAmongProgramsThatDoNotExist() =>
        Assert.Null(ZeepPython.Find(["/nonexistent/python3", "no-such-python-3"]));

    [ZeepFact]
    public Task Zeep_BasicHttpWsdl_CallsEchoAndGetOrders() => ZeepCallsEchoAndGetOrdersAsync(WireBindings.BasicHttp);

    [ZeepFact]
    public Task Zeep_Soap12Wsdl_CallsEchoAndGetOrders() => ZeepCallsEchoAndGetOrdersAsync(WireBindings.Soap12Http);

    /// <summary>zeep reads the endpoint's WSDL, then calls Echo and GetOrders(3) at the address it names.</summary>
    private static async Task ZeepCallsEchoAndGetOrdersAsync(WireBinding binding)
    {
        await using var stub = await RunningStub.StartAsync(new StubOptions { Profile = PayloadProfile.Incompressible, Seed = 4 });
        var wsdl = new Uri(stub.Address(binding), "?wsdl");

        using var result = await ZeepRun.CallAsync(wsdl, "--text", "zeep <&> héllo", "--blob-hex", "00ff7f80", "--orders", "3");

        var root = result.RootElement;
        Assert.Equal(StubWsdlWriter.ServiceName, root.GetProperty("service").GetString());
        Assert.Equal("zeep <&> héllo", root.GetProperty("echo").GetProperty("text").GetString());
        Assert.Equal("00ff7f80", root.GetProperty("echo").GetProperty("blobHex").GetString());
        var expected = new PayloadGenerator(PayloadProfile.Incompressible, 4).GetOrders(3);
        var orders = root.GetProperty("orders").EnumerateArray().ToList();
        Assert.Equal(3, orders.Count);
        for (var i = 0; i < 3; i++)
        {
            Assert.Equal(expected[i].CustomerId, orders[i].GetProperty("customerId").GetInt32());
            Assert.Equal(expected[i].ShippingCity, orders[i].GetProperty("shippingCity").GetString());
            Assert.Equal(expected[i].CreditCardNumber, orders[i].GetProperty("creditCardNumber").GetString());
            Assert.Equal(
                new DateTimeOffset(DateTime.SpecifyKind(expected[i].CreditCardExpiration, DateTimeKind.Utc)),
                DateTimeOffset.Parse(orders[i].GetProperty("creditCardExpiration").GetString()!, System.Globalization.CultureInfo.InvariantCulture));
            Assert.Equal(
                expected[i].OrderItems!.Select(line => (line.ItemId, line.Quantity)),
                orders[i].GetProperty("items").EnumerateArray().Select(pair => (pair[0].GetInt32(), pair[1].GetInt32())));
            Assert.Equal(Convert.ToBase64String(expected[i].Attachment!), orders[i].GetProperty("attachmentBase64").GetString());
        }

        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.Actions[EchoServiceActions.Echo]);
        Assert.Equal(1, stats.Actions[OrderServiceActions.GetOrders]);
        Assert.Equal(0, stats.FaultsReturned);
    }

    private static async Task<XDocument> GetWsdlAsync(RunningStub stub, WireBinding binding)
    {
        using var response = await stub.Client.GetAsync(new Uri(stub.Address(binding), "?wsdl"));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return XDocument.Parse(await response.Content.ReadAsStringAsync());
    }

    /// <summary>The schemas in the WSDL's types, compiled (the wrapper schema imports the data contract one by namespace).</summary>
    private static async Task<XmlSchemaSet> SchemasAsync(RunningStub stub, WireBinding binding)
    {
        var wsdl = await GetWsdlAsync(stub, binding);
        var set = new XmlSchemaSet();
        foreach (var schema in wsdl.Root!.Element(Wsdl + "types")!.Elements(Xs + "schema"))
        {
            // In scope on the root, the prefixes the schema's QNames use must travel with it.
            var copy = new XElement(schema);
            foreach (var ns in wsdl.Root.Attributes().Where(a => a.IsNamespaceDeclaration && copy.Attribute(a.Name) is null))
            {
                copy.SetAttributeValue(ns.Name, ns.Value);
            }

            using var reader = copy.CreateReader();
            set.Add(XmlSchema.Read(reader, null)!);
        }

        set.Compile();
        return set;
    }

    /// <summary>A request as the stub receives it, decoded by the binding's WCF codec.</summary>
    private static XDocument Received(StubRequest request) =>
        new StubReply(request.Binding, HttpStatusCode.OK, request.ContentType, request.Body).Envelope();

    private static void AssertPortTypeOperation(XElement portType, string name, string action, string? replyAction)
    {
        var operation = portType.Elements(Wsdl + "operation").Single(o => (string?)o.Attribute("name") == name);
        Assert.Equal(action, (string?)operation.Element(Wsdl + "input")?.Attribute(Wsaw + "Action"));
        Assert.Equal(replyAction, (string?)operation.Element(Wsdl + "output")?.Attribute(Wsaw + "Action"));
    }

    private static List<XElement> Sequence(XElement schema, string complexType) =>
        schema.Elements(Xs + "complexType").Single(t => (string?)t.Attribute("name") == complexType)
            .Element(Xs + "sequence")!.Elements(Xs + "element").ToList();

    private static (string? Type, string? Nillable) TypeOf(List<XElement> sequence, string name)
    {
        var element = sequence.Single(e => (string?)e.Attribute("name") == name);
        return ((string?)element.Attribute("type"), (string?)element.Attribute("nillable"));
    }
}
