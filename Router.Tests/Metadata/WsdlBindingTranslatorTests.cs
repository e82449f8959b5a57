using System.Text;
using System.Xml.Linq;
using BackendStub.Wsdl;
using SoapRouter.Metadata;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Metadata;

/// <summary>A service's WSDL made to describe the listener in front of it (SOAP version, transport, policy assertions).</summary>
public sealed class WsdlBindingTranslatorTests
{
    private static readonly XNamespace Wsdl = WsdlNamespaces.Wsdl;
    private static readonly XNamespace Soap11 = WsdlNamespaces.Soap11Binding;
    private static readonly XNamespace Soap12 = WsdlNamespaces.Soap12Binding;
    private static readonly XNamespace Wsp = WsdlNamespaces.Policy;
    private static readonly XNamespace Wsu = WsdlNamespaces.SecurityUtility;
    private static readonly XNamespace Wsa = WsdlNamespaces.Addressing10;
    private static readonly Uri Listener = new("http://router.dmz:8080/router/basic");

    [Fact]
    public void NetTcpServiceWsdl_ForABasicHttpListener_IsSoap11OverHttp_WithoutPolicyOrEndpointReference()
    {
        var source = StubWsdlWriter.Write(WireBindings.NetTcp, new Uri("net.tcp://10.0.0.5:9090/tcp"));

        var wsdl = Translate(source, new WsdlTarget(WireBindings.BasicHttp, Https: false));

        Assert.DoesNotContain(wsdl.Descendants(), e => e.Name.Namespace == Soap12);
        var bindings = wsdl.Root!.Elements(Wsdl + "binding").ToList();
        Assert.Equal(3, bindings.Count);
        Assert.All(bindings, b => Assert.Equal(WsdlNamespaces.SoapHttpTransport, (string?)b.Element(Soap11 + "binding")?.Attribute("transport")));
        Assert.All(bindings, b => Assert.Null(b.Element(Wsp + "PolicyReference")));
        Assert.Empty(wsdl.Root.Elements(Wsp + "Policy"));
        var soapActions = bindings.SelectMany(b => b.Elements(Wsdl + "operation")).Select(o => (string?)o.Element(Soap11 + "operation")?.Attribute("soapAction"));
        Assert.Contains(global::Samples.Contracts.OrderServiceActions.SubmitOrder, soapActions);
        var ports = wsdl.Root.Element(Wsdl + "service")!.Elements(Wsdl + "port").ToList();
        Assert.All(ports, p => Assert.Equal(Listener.AbsoluteUri, (string?)p.Element(Soap11 + "address")?.Attribute("location")));
        Assert.All(ports, p => Assert.Null(p.Element(Wsa + "EndpointReference")));

        // The port types (which operations have an output) are the service's own.
        Assert.Equal(
            XDocument.Parse(Encoding.UTF8.GetString(source)).Root!.Elements(Wsdl + "portType").Select(p => p.ToString()),
            wsdl.Root.Elements(Wsdl + "portType").Select(p => p.ToString()));
    }

    [Fact]
    public void BasicHttpServiceWsdl_ForABinaryHttpsListener_NamesMsbin1AddressingAndHttpsInItsPolicy()
    {
        var source = StubWsdlWriter.Write(WireBindings.BasicHttp, new Uri("http://10.0.0.5:9080/basic"));
        var listener = new Uri("https://router.dmz:8443/router/binary");

        var wsdl = Translate(source, new WsdlTarget(WireBindings.BinaryHttp, Https: true, RequireClientCertificate: true), listener);

        Assert.DoesNotContain(wsdl.Descendants(), e => e.Name.Namespace == Soap11);
        var policies = wsdl.Root!.Elements(Wsp + "Policy").ToDictionary(p => (string)p.Attribute(Wsu + "Id")!);
        foreach (var binding in wsdl.Root.Elements(Wsdl + "binding"))
        {
            Assert.Equal(WsdlNamespaces.SoapHttpTransport, (string?)binding.Element(Soap12 + "binding")?.Attribute("transport"));
            var reference = (string)binding.Element(Wsp + "PolicyReference")!.Attribute("URI")!;
            var assertions = policies[reference.TrimStart('#')].Element(Wsp + "ExactlyOne")!.Element(Wsp + "All")!.Elements().ToList();
            Assert.Equal(
                [XName.Get("TransportBinding", WsdlNamespaces.SecurityPolicy), XName.Get("BinaryEncoding", WsdlNamespaces.BinaryEncodingPolicy), XName.Get("UsingAddressing", WsdlNamespaces.AddressingWsdl)],
                assertions.Select(a => a.Name));
            Assert.Equal("true", (string?)assertions[0].Descendants(XName.Get("HttpsToken", WsdlNamespaces.SecurityPolicy)).Single().Attribute("RequireClientCertificate"));
        }

        Assert.All(wsdl.Root.Element(Wsdl + "service")!.Elements(Wsdl + "port"), p =>
        {
            Assert.Equal(listener.AbsoluteUri, (string?)p.Element(Soap12 + "address")?.Attribute("location"));
            Assert.Equal(listener.AbsoluteUri, p.Element(Wsa + "EndpointReference")?.Element(Wsa + "Address")?.Value);
        });
    }

    [Fact]
    public void OnePortTypeOnTwoBindings_KeepsTheFirstBindingAndItsPort_AndDropsTheServicesOwnPolicies()
    {
        var source = Encoding.UTF8.GetBytes("""
            <wsdl:definitions name="Svc" targetNamespace="http://tempuri.org/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:tns="http://tempuri.org/"
                xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/"
                xmlns:wsp="http://schemas.xmlsoap.org/ws/2004/09/policy" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"
                xmlns:msb="http://schemas.microsoft.com/ws/06/2004/mspolicy/netbinary1" xmlns:wsaw="http://www.w3.org/2006/05/addressing/wsdl"
                xmlns:wsa10="http://www.w3.org/2005/08/addressing">
              <wsp:Policy wsu:Id="NetTcpBinding_IEcho_policy"><wsp:ExactlyOne><wsp:All><msb:BinaryEncoding /><wsaw:UsingAddressing /></wsp:All></wsp:ExactlyOne></wsp:Policy>
              <wsp:Policy wsu:Id="Unrelated_policy"><wsp:ExactlyOne><wsp:All /></wsp:ExactlyOne></wsp:Policy>
              <wsdl:portType name="IEcho"><wsdl:operation name="Echo"><wsdl:input message="tns:m" /><wsdl:output message="tns:m" /></wsdl:operation></wsdl:portType>
              <wsdl:binding name="NetTcpBinding_IEcho" type="tns:IEcho">
                <wsp:PolicyReference URI="#NetTcpBinding_IEcho_policy" />
                <soap12:binding transport="http://schemas.microsoft.com/soap/tcp" />
                <wsdl:operation name="Echo"><soap12:operation soapAction="http://tempuri.org/IEcho/Echo" soapActionRequired="false" style="document" />
                  <wsdl:input><soap12:body use="literal" /></wsdl:input><wsdl:output><soap12:body use="literal" /></wsdl:output></wsdl:operation>
              </wsdl:binding>
              <wsdl:binding name="BasicHttpBinding_IEcho" type="tns:IEcho">
                <soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
                <wsdl:operation name="Echo"><soap:operation soapAction="http://tempuri.org/IEcho/Echo" style="document" />
                  <wsdl:input><soap:body use="literal" /></wsdl:input><wsdl:output><soap:body use="literal" /></wsdl:output></wsdl:operation>
              </wsdl:binding>
              <wsdl:service name="Svc">
                <wsdl:port name="NetTcpBinding_IEcho" binding="tns:NetTcpBinding_IEcho"><soap12:address location="net.tcp://backend:808/Svc" />
                  <wsa10:EndpointReference><wsa10:Address>net.tcp://backend:808/Svc</wsa10:Address><Identity xmlns="http://schemas.xmlsoap.org/ws/2006/02/addressingidentity"><Dns>backend</Dns></Identity></wsa10:EndpointReference></wsdl:port>
                <wsdl:port name="BasicHttpBinding_IEcho" binding="tns:BasicHttpBinding_IEcho"><soap:address location="http://backend/Svc" /></wsdl:port>
              </wsdl:service>
            </wsdl:definitions>
            """);

        var wsdl = Translate(source, new WsdlTarget(WireBindings.Soap12Http, Https: false), new Uri("http://router/soap12"));

        var binding = Assert.Single(wsdl.Root!.Elements(Wsdl + "binding"));
        Assert.Equal("NetTcpBinding_IEcho", (string?)binding.Attribute("name"));
        Assert.Equal(WsdlNamespaces.SoapHttpTransport, (string?)binding.Element(Soap12 + "binding")!.Attribute("transport"));
        var port = Assert.Single(wsdl.Root.Element(Wsdl + "service")!.Elements(Wsdl + "port"));
        Assert.Equal("http://router/soap12", (string?)port.Element(Soap12 + "address")!.Attribute("location"));
        Assert.Equal(["Address"], port.Element(Wsa + "EndpointReference")!.Elements().Select(e => e.Name.LocalName));
        var policies = wsdl.Root.Elements(Wsp + "Policy").Select(p => (string?)p.Attribute(Wsu + "Id")).ToList();
        Assert.Equal(["NetTcpBinding_IEcho_router_policy", "Unrelated_policy"], policies);
        Assert.Equal(
            [XName.Get("UsingAddressing", WsdlNamespaces.AddressingWsdl)],
            wsdl.Root.Elements(Wsp + "Policy").First().Descendants(Wsp + "All").Single().Elements().Select(e => e.Name));
    }

    [Fact]
    public void ASchemaDocument_IsLeftAlone()
    {
        var schema = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:x\"><xs:element name=\"e\" type=\"xs:string\" /></xs:schema>";

        var rewritten = Encoding.UTF8.GetString(WsdlRewriter.Rewrite(Encoding.UTF8.GetBytes(schema), Listener, new WsdlTarget(WireBindings.BasicHttp, false)));

        Assert.Equal(XDocument.Parse(schema).ToString(), XDocument.Parse(rewritten).ToString());
    }

    private static XDocument Translate(byte[] source, WsdlTarget target, Uri? listener = null) =>
        XDocument.Parse(Encoding.UTF8.GetString(WsdlRewriter.Rewrite(source, listener ?? Listener, target)));
}
