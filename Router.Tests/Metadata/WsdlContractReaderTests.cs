using System.Text;
using System.Xml;
using System.Xml.Linq;
using BackendStub.Wsdl;
using Samples.Contracts;
using SoapRouter.Metadata;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Metadata;

/// <summary>Which operations a WSDL makes one-way, and the actions their inputs carry.</summary>
public sealed class WsdlContractReaderTests
{
    [Fact]
    public void StubNetTcpWsdl_SubmitOrderIsTheOnlyOneWayOperation_WithItsAction()
    {
        var reader = new WsdlContractReader();

        var imports = reader.Add(StubWsdlWriter.Write(WireBindings.NetTcp, new Uri("net.tcp://10.0.0.5:9090/tcp")));
        var operations = reader.Operations();

        Assert.Empty(imports);
        Assert.Equal(["Echo", "GetOrders", "SubmitOrder", "GetOrdersProto", "EchoProto"], operations.Select(o => o.Name));
        var oneWay = Assert.Single(operations, o => o.IsOneWay);
        Assert.Equal(("IOrderService", "SubmitOrder"), (oneWay.PortType, oneWay.Name));
        Assert.Equal([OrderServiceActions.SubmitOrder], oneWay.Actions);
    }

    [Fact]
    public void SplitWsdl_ImportsAreReturned_AndTheBindingsSoapActionOrTheDefaultActionIsUsed()
    {
        var reader = new WsdlContractReader();

        var imports = reader.Add(Encoding.UTF8.GetBytes("""
            <wsdl:definitions targetNamespace="http://example.org/service" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                              xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:i0="urn:example:contracts">
              <wsdl:import namespace="urn:example:contracts" location="http://backend.internal:8000/Svc?wsdl=wsdl0" />
              <wsdl:import namespace="urn:other" location="http://elsewhere/other.wsdl" />
              <wsdl:binding name="BasicHttpBinding_IFeed" type="i0:IFeed">
                <soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
                <wsdl:operation name="Publish"><soap:operation soapAction="urn:publish" style="document" /><wsdl:input /></wsdl:operation>
                <wsdl:operation name="Read"><soap:operation soapAction="urn:read" style="document" /><wsdl:input /><wsdl:output /></wsdl:operation>
              </wsdl:binding>
            </wsdl:definitions>
            """));
        Assert.Equal(["?wsdl=wsdl0"], imports);
        Assert.Empty(reader.Operations());

        reader.Add(Encoding.UTF8.GetBytes("""
            <wsdl:definitions targetNamespace="urn:example:contracts" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:tns="urn:example:contracts">
              <wsdl:portType name="IFeed">
                <wsdl:operation name="Publish"><wsdl:input message="tns:m" /></wsdl:operation>
                <wsdl:operation name="Notify"><wsdl:input message="tns:m" /></wsdl:operation>
                <wsdl:operation name="Read"><wsdl:input message="tns:m" /><wsdl:output message="tns:m" /></wsdl:operation>
                <wsdl:operation name="Pushed"><wsdl:output message="tns:m" /></wsdl:operation>
              </wsdl:portType>
            </wsdl:definitions>
            """));
        var operations = reader.Operations();

        Assert.Equal(["Publish", "Notify", "Read"], operations.Select(o => o.Name));
        Assert.Equal([true, true, false], operations.Select(o => o.IsOneWay));
        Assert.Equal(["urn:publish"], operations[0].Actions);
        Assert.Equal(["urn:example:contracts:IFeed:Notify"], operations[1].Actions);
        Assert.Equal(["urn:read"], operations[2].Actions);
    }

    [Theory]
    [InlineData("http://tempuri.org/", "http://tempuri.org/IService/Ping")]
    [InlineData("http://example.org/ns", "http://example.org/ns/IService/Ping")]
    [InlineData("urn:example", "urn:example:IService:Ping")]
    public void DefaultAction_FollowsWsAddressingsPattern(string ns, string expected) =>
        Assert.Equal(expected, WsdlContractReader.DefaultAction(XName.Get("IService", ns), "Ping"));

    [Fact]
    public void WsawActionOnTheInput_WinsOverNothingAndIsKeptBesideTheSoapAction()
    {
        var reader = new WsdlContractReader();
        reader.Add(Encoding.UTF8.GetBytes("""
            <definitions targetNamespace="http://t/" xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:wsaw="http://www.w3.org/2006/05/addressing/wsdl"
                         xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:tns="http://t/">
              <portType name="IJobs"><operation name="Queue"><input wsaw:Action="urn:queue" message="tns:m" /></operation></portType>
              <binding name="b" type="tns:IJobs"><soap12:binding transport="http://schemas.microsoft.com/soap/tcp" />
                <operation name="Queue"><soap12:operation soapAction="urn:queue-soap" /><input /></operation></binding>
            </definitions>
            """));

        var operation = Assert.Single(reader.Operations());

        Assert.True(operation.IsOneWay);
        Assert.Equal(["urn:queue", "urn:queue-soap"], operation.Actions);
    }

    [Theory]
    [InlineData("<definitions/>")]
    [InlineData("<x:definitions xmlns:x=\"http://schemas.xmlsoap.org/wsdl/2\"/>")]
    [InlineData("<!DOCTYPE d [<!ENTITY e \"boom\">]><definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\">&e;</definitions>")]
    [InlineData("<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\">")]
    public void NotAWsdl_IsAnXmlException(string document) =>
        Assert.Throws<XmlException>(() => new WsdlContractReader().Add(Encoding.UTF8.GetBytes(document)));

    [Fact]
    public void UnresolvablePortTypeReferences_AreSkipped_NotThrown()
    {
        var reader = new WsdlContractReader();
        reader.Add(Encoding.UTF8.GetBytes("""
            <definitions targetNamespace="http://t/" xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/">
              <portType name=""><operation name="A"><input /></operation></portType>
              <portType name="P"><operation name="B"><input /></operation></portType>
              <binding name="b1" type="nope:P"><operation name="B"><soap:operation soapAction="urn:x" /></operation></binding>
              <binding name="b2" type=":P"><operation name="B"><soap:operation soapAction="urn:y" /></operation></binding>
            </definitions>
            """));

        var operation = Assert.Single(reader.Operations());

        Assert.Equal(["http://t/P/B"], operation.Actions);
    }
}
