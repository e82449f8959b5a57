using System.Text;
using System.Xml;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace BackendStub.Wsdl;

/// <summary>
/// Writes the WSDL 1.1 document one stub endpoint serves at ?wsdl: the three sample services (their [ServiceContract]s,
/// read by <see cref="ServiceContractReader"/>), document/literal wrapped, with the XSD of the wrapper elements and
/// data contracts inline (as WCF's ?singleWsdl), one binding per contract in the endpoint's SOAP version and one
/// service whose ports all name the endpoint's own address. WS-Addressing endpoints carry WCF's default policy
/// (wsaw:UsingAddressing in WS-Policy 1.2); the binary one adds msb:BinaryEncoding, so dotnet-svcutil builds msbin1.
/// </summary>
internal static class StubWsdlWriter
{
    /// <summary>The wsdl:service name (WCF uses the service class's name).</summary>
    public const string ServiceName = "BackendStub";

    /// <summary>The contracts every endpoint serves, in the order they are described.</summary>
    public static IReadOnlyList<ServiceContractInfo> Contracts { get; } =
        [ServiceContractReader.Read(typeof(IEchoService)), ServiceContractReader.Read(typeof(IOrderService)), ServiceContractReader.Read(typeof(IProtoOrderService))];

    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    /// <summary>The WSDL of the endpoint speaking <paramref name="binding"/> at <paramref name="address"/>, UTF-8 encoded.</summary>
    public static byte[] Write(WireBinding binding, Uri address)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(address);
        var targetNamespace = Contracts[0].Namespace;
        if (Contracts.Any(contract => contract.Namespace != targetNamespace))
        {
            throw new NotSupportedException("The WSDL writer describes contracts of one namespace only.");
        }

        // The data contracts are walked first: their namespaces are declared on the root, where QNames can use them.
        var schemas = new DataContractSchemaSet();
        var wrappers = Contracts.SelectMany(contract => contract.Operations).SelectMany(operation => Wrappers(operation, schemas)).ToList();

        using var stream = new MemoryStream();
        var settings = new XmlWriterSettings { Encoding = Utf8NoBom, Indent = true, CloseOutput = false };
        using (var writer = XmlWriter.Create(stream, settings))
        {
            writer.WriteStartDocument();
            writer.WriteStartElement("wsdl", "definitions", WsdlNamespaces.Wsdl);
            writer.WriteAttributeString("name", ServiceName);
            writer.WriteAttributeString("targetNamespace", targetNamespace);
            DeclarePrefixes(writer, binding, targetNamespace, schemas);
            if (binding.UsesAddressing)
            {
                foreach (var contract in Contracts)
                {
                    WritePolicy(writer, binding, contract);
                }
            }

            writer.WriteStartElement("wsdl", "types", WsdlNamespaces.Wsdl);
            WriteWrapperSchema(writer, targetNamespace, wrappers, schemas);
            schemas.WriteSchemas(writer);
            writer.WriteEndElement();

            foreach (var contract in Contracts)
            {
                WriteMessages(writer, contract);
            }

            foreach (var contract in Contracts)
            {
                WritePortType(writer, contract);
            }

            foreach (var contract in Contracts)
            {
                WriteBinding(writer, binding, contract);
            }

            WriteService(writer, binding, address);
            writer.WriteEndElement();
            writer.WriteEndDocument();
        }

        return stream.ToArray();
    }

    /// <summary>The wsdl:binding (and wsdl:port) name for <paramref name="contract"/> on <paramref name="binding"/>, e.g. BasicHttpBinding_IEchoService.</summary>
    public static string BindingName(WireBinding binding, ServiceContractInfo contract)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(contract);
        return string.Concat(char.ToUpperInvariant(binding.Name[0]).ToString(), binding.Name.AsSpan(1), "Binding_", contract.Name);
    }

    private static void DeclarePrefixes(XmlWriter writer, WireBinding binding, string targetNamespace, DataContractSchemaSet schemas)
    {
        writer.WriteAttributeString("xmlns", "tns", null, targetNamespace);
        writer.WriteAttributeString("xmlns", "xs", null, WsdlNamespaces.Xsd);
        writer.WriteAttributeString("xmlns", "wsaw", null, WsdlNamespaces.AddressingWsdl);
        writer.WriteAttributeString("xmlns", binding.IsSoap12 ? "soap12" : "soap", null, SoapNamespace(binding));
        if (binding.UsesAddressing)
        {
            writer.WriteAttributeString("xmlns", "wsp", null, WsdlNamespaces.Policy);
            writer.WriteAttributeString("xmlns", "wsu", null, WsdlNamespaces.SecurityUtility);
            writer.WriteAttributeString("xmlns", "wsa10", null, WsdlNamespaces.Addressing10);
        }

        if (binding.IsBinary)
        {
            writer.WriteAttributeString("xmlns", "msb", null, WsdlNamespaces.BinaryEncodingPolicy);
        }

        var index = 1;
        foreach (var ns in schemas.Namespaces)
        {
            writer.WriteAttributeString("xmlns", "q" + index++, null, ns);
        }
    }

    /// <summary>The request wrapper and (unless one-way) the reply wrapper of <paramref name="operation"/>, as schema elements.</summary>
    private static IEnumerable<(string Name, IReadOnlyList<SchemaElement> Parts)> Wrappers(ContractOperation operation, DataContractSchemaSet schemas)
    {
        var parts = operation.Parameters.Select(parameter => Part(parameter.Name, parameter.Type, schemas)).ToList();
        yield return (operation.Name, parts);
        if (!operation.IsOneWay)
        {
            IReadOnlyList<SchemaElement> result = operation.ReturnType is null ? [] : [Part(operation.ResultName, operation.ReturnType, schemas)];
            yield return (operation.ResponseName, result);
        }
    }

    // WCF's wrapped parts are optional; nillable when the type can be null.
    private static SchemaElement Part(string name, Type type, DataContractSchemaSet schemas)
    {
        var typeRef = schemas.Reference(type);
        return new SchemaElement(name, typeRef.Name, typeRef.Nillable, Optional: true);
    }

    private static void WritePolicy(XmlWriter writer, WireBinding binding, ServiceContractInfo contract)
    {
        writer.WriteStartElement("wsp", "Policy", WsdlNamespaces.Policy);
        writer.WriteAttributeString("wsu", "Id", WsdlNamespaces.SecurityUtility, PolicyId(binding, contract));
        writer.WriteStartElement("wsp", "ExactlyOne", WsdlNamespaces.Policy);
        writer.WriteStartElement("wsp", "All", WsdlNamespaces.Policy);

        // WCF's order: the encoder's assertion, then the addressing one.
        if (binding.IsBinary)
        {
            writer.WriteElementString("msb", "BinaryEncoding", WsdlNamespaces.BinaryEncodingPolicy, null);
        }

        writer.WriteElementString("wsaw", "UsingAddressing", WsdlNamespaces.AddressingWsdl, null);
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static void WriteWrapperSchema(
        XmlWriter writer,
        string targetNamespace,
        IReadOnlyList<(string Name, IReadOnlyList<SchemaElement> Parts)> wrappers,
        DataContractSchemaSet schemas)
    {
        writer.WriteStartElement("xs", "schema", WsdlNamespaces.Xsd);
        writer.WriteAttributeString("elementFormDefault", "qualified");
        writer.WriteAttributeString("targetNamespace", targetNamespace);
        foreach (var ns in schemas.Namespaces)
        {
            writer.WriteStartElement("xs", "import", WsdlNamespaces.Xsd);
            writer.WriteAttributeString("namespace", ns);
            writer.WriteEndElement();
        }

        foreach (var (name, parts) in wrappers)
        {
            writer.WriteStartElement("xs", "element", WsdlNamespaces.Xsd);
            writer.WriteAttributeString("name", name);
            writer.WriteStartElement("xs", "complexType", WsdlNamespaces.Xsd);
            writer.WriteStartElement("xs", "sequence", WsdlNamespaces.Xsd);
            foreach (var part in parts)
            {
                DataContractSchemaSet.WriteSequenceElement(writer, part);
            }

            writer.WriteEndElement();
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }

    private static void WriteMessages(XmlWriter writer, ServiceContractInfo contract)
    {
        foreach (var operation in contract.Operations)
        {
            WriteMessage(writer, InputMessage(contract, operation), operation.Name);
            if (!operation.IsOneWay)
            {
                WriteMessage(writer, OutputMessage(contract, operation), operation.ResponseName);
            }
        }
    }

    private static void WriteMessage(XmlWriter writer, string name, string element)
    {
        writer.WriteStartElement("wsdl", "message", WsdlNamespaces.Wsdl);
        writer.WriteAttributeString("name", name);
        writer.WriteStartElement("wsdl", "part", WsdlNamespaces.Wsdl);
        writer.WriteAttributeString("name", "parameters");
        writer.WriteAttributeString("element", "tns:" + element);
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static void WritePortType(XmlWriter writer, ServiceContractInfo contract)
    {
        writer.WriteStartElement("wsdl", "portType", WsdlNamespaces.Wsdl);
        writer.WriteAttributeString("name", contract.Name);
        foreach (var operation in contract.Operations)
        {
            writer.WriteStartElement("wsdl", "operation", WsdlNamespaces.Wsdl);
            writer.WriteAttributeString("name", operation.Name);
            WritePortTypeMessage(writer, "input", operation.Action, InputMessage(contract, operation));
            if (!operation.IsOneWay)
            {
                WritePortTypeMessage(writer, "output", operation.ReplyAction!, OutputMessage(contract, operation));
            }

            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }

    private static void WritePortTypeMessage(XmlWriter writer, string direction, string action, string message)
    {
        writer.WriteStartElement("wsdl", direction, WsdlNamespaces.Wsdl);
        writer.WriteAttributeString("wsaw", "Action", WsdlNamespaces.AddressingWsdl, action);
        writer.WriteAttributeString("message", "tns:" + message);
        writer.WriteEndElement();
    }

    private static void WriteBinding(XmlWriter writer, WireBinding binding, ServiceContractInfo contract)
    {
        var soap = SoapNamespace(binding);
        writer.WriteStartElement("wsdl", "binding", WsdlNamespaces.Wsdl);
        writer.WriteAttributeString("name", BindingName(binding, contract));
        writer.WriteAttributeString("type", "tns:" + contract.Name);
        if (binding.UsesAddressing)
        {
            writer.WriteStartElement("wsp", "PolicyReference", WsdlNamespaces.Policy);
            writer.WriteAttributeString("URI", "#" + PolicyId(binding, contract));
            writer.WriteEndElement();
        }

        writer.WriteStartElement("binding", soap);
        writer.WriteAttributeString("transport", binding.IsSession ? WsdlNamespaces.SoapTcpTransport : WsdlNamespaces.SoapHttpTransport);
        writer.WriteEndElement();
        foreach (var operation in contract.Operations)
        {
            writer.WriteStartElement("wsdl", "operation", WsdlNamespaces.Wsdl);
            writer.WriteAttributeString("name", operation.Name);
            writer.WriteStartElement("operation", soap);
            writer.WriteAttributeString("soapAction", operation.Action);
            writer.WriteAttributeString("style", "document");
            writer.WriteEndElement();
            WriteLiteralBody(writer, "input", soap);
            if (!operation.IsOneWay)
            {
                WriteLiteralBody(writer, "output", soap);
            }

            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }

    private static void WriteLiteralBody(XmlWriter writer, string direction, string soap)
    {
        writer.WriteStartElement("wsdl", direction, WsdlNamespaces.Wsdl);
        writer.WriteStartElement("body", soap);
        writer.WriteAttributeString("use", "literal");
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static void WriteService(XmlWriter writer, WireBinding binding, Uri address)
    {
        writer.WriteStartElement("wsdl", "service", WsdlNamespaces.Wsdl);
        writer.WriteAttributeString("name", ServiceName);
        foreach (var contract in Contracts)
        {
            var name = BindingName(binding, contract);
            writer.WriteStartElement("wsdl", "port", WsdlNamespaces.Wsdl);
            writer.WriteAttributeString("name", name);
            writer.WriteAttributeString("binding", "tns:" + name);
            writer.WriteStartElement("address", SoapNamespace(binding));
            writer.WriteAttributeString("location", address.AbsoluteUri);
            writer.WriteEndElement();
            if (binding.UsesAddressing)
            {
                // WCF publishes the endpoint's WS-Addressing reference beside the SOAP address.
                writer.WriteStartElement("wsa10", "EndpointReference", WsdlNamespaces.Addressing10);
                writer.WriteElementString("wsa10", "Address", WsdlNamespaces.Addressing10, address.AbsoluteUri);
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }

    private static string SoapNamespace(WireBinding binding) => binding.IsSoap12 ? WsdlNamespaces.Soap12Binding : WsdlNamespaces.Soap11Binding;

    private static string PolicyId(WireBinding binding, ServiceContractInfo contract) => BindingName(binding, contract) + "_policy";

    private static string InputMessage(ServiceContractInfo contract, ContractOperation operation) => $"{contract.Name}_{operation.Name}_InputMessage";

    private static string OutputMessage(ServiceContractInfo contract, ContractOperation operation) => $"{contract.Name}_{operation.Name}_OutputMessage";
}
