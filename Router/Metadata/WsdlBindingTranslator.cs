using System.Xml;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Metadata;

/// <summary>
/// Makes a service's WSDL describe the listener in front of it rather than the service's own endpoint, so a client
/// generated from it (dotnet-svcutil, zeep) speaks what the listener accepts: each SOAP binding's extension elements
/// move to the listener's SOAP version with the HTTP transport, its policy becomes the listener's (WCF's assertions:
/// msb:BinaryEncoding for msbin1, wsoma:OptimizedMimeSerialization for MTOM, wsaw:UsingAddressing for WS-Addressing,
/// sp:TransportBinding with an HttpsToken over https), and a port type served by several bindings (a service's net.tcp
/// and HTTP endpoints) keeps only its first, with its ports. Operations, messages, types and non-SOAP bindings are
/// left as the service wrote them. Addresses are the caller's business (<see cref="WsdlRewriter"/>).
/// </summary>
internal static class WsdlBindingTranslator
{
    private const string XmlnsNamespace = "http://www.w3.org/2000/xmlns/";

    /// <summary>Rewrites the bindings of <paramref name="xml"/> (a WSDL definitions; any other document is left alone) for <paramref name="target"/>.</summary>
    public static void Translate(XmlDocument xml, WsdlTarget target)
    {
        ArgumentNullException.ThrowIfNull(xml);
        ArgumentNullException.ThrowIfNull(target);
        var root = xml.DocumentElement;
        if (root is null || root.LocalName != "definitions" || root.NamespaceURI != WsdlNamespaces.Wsdl)
        {
            return;
        }

        var soap = target.Binding.IsSoap12 ? WsdlNamespaces.Soap12Binding : WsdlNamespaces.Soap11Binding;
        var soapPrefix = Declare(root, target.Binding.IsSoap12 ? "soap12" : "soap", soap);
        var targetNamespace = root.GetAttribute("targetNamespace");
        var portTypes = new HashSet<string>(StringComparer.Ordinal);
        var dropped = new HashSet<string>(StringComparer.Ordinal);
        var released = new HashSet<string>(StringComparer.Ordinal);
        foreach (var binding in Children(root, WsdlNamespaces.Wsdl, "binding"))
        {
            if (!IsSoapBinding(binding))
            {
                continue;
            }

            var name = binding.GetAttribute("name");
            if (!portTypes.Add(ResolveQName(binding, binding.GetAttribute("type"))))
            {
                dropped.Add(targetNamespace + " " + name);
                root.RemoveChild(binding);
                continue;
            }

            MoveSoapElements(binding, soap, soapPrefix, target.Binding.IsSoap12);
            ReplacePolicy(root, binding, name, target, released);
        }

        foreach (var service in Children(root, WsdlNamespaces.Wsdl, "service"))
        {
            foreach (var port in Children(service, WsdlNamespaces.Wsdl, "port"))
            {
                var binding = ResolveQName(port, port.GetAttribute("binding"));
                if (dropped.Contains(binding))
                {
                    service.RemoveChild(port);
                    continue;
                }

                MoveSoapElements(port, soap, soapPrefix, target.Binding.IsSoap12);
                SetEndpointReference(port, target);
            }
        }

        RemoveUnreferencedPolicies(root, released);
    }

    private static bool IsSoapBinding(XmlElement binding)
    {
        foreach (var child in Elements(binding))
        {
            if (child.LocalName == "binding" && IsSoapNamespace(child.NamespaceURI))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Every soap: or soap12: element under <paramref name="parent"/>, moved to <paramref name="soap"/>.</summary>
    private static void MoveSoapElements(XmlElement parent, string soap, string prefix, bool soap12)
    {
        foreach (var element in Descendants(parent))
        {
            if (!IsSoapNamespace(element.NamespaceURI))
            {
                continue;
            }

            var moved = element.NamespaceURI == soap ? element : Rename(element, soap, prefix, soap12);
            if (moved.LocalName == "binding")
            {
                // The listener is HTTP whatever the service's transport was (net.tcp: http://schemas.microsoft.com/soap/tcp).
                moved.SetAttribute("transport", WsdlNamespaces.SoapHttpTransport);
            }
        }
    }

    private static XmlElement Rename(XmlElement element, string soap, string prefix, bool soap12)
    {
        var renamed = element.OwnerDocument.CreateElement(prefix, element.LocalName, soap);
        foreach (XmlAttribute attribute in element.Attributes)
        {
            // soapActionRequired is SOAP 1.2's (WSDL 1.1 SOAP 1.1 binding has no such attribute).
            if (!soap12 && attribute.NamespaceURI.Length == 0 && attribute.LocalName == "soapActionRequired")
            {
                continue;
            }

            renamed.Attributes.Append((XmlAttribute)attribute.CloneNode(deep: true));
        }

        while (element.FirstChild is { } child)
        {
            renamed.AppendChild(child);
        }

        element.ParentNode!.ReplaceChild(renamed, element);
        return renamed;
    }

    /// <summary>
    /// Drops what the binding said of its own policy (references, inline policies, a bare wsaw:UsingAddressing) and, when
    /// the listener needs assertions, refers to a policy of the listener's. References dropped go in <paramref name="released"/>.
    /// </summary>
    private static void ReplacePolicy(XmlElement root, XmlElement binding, string name, WsdlTarget target, HashSet<string> released)
    {
        foreach (var child in Elements(binding))
        {
            if (child.LocalName == "PolicyReference" && IsPolicyNamespace(child.NamespaceURI))
            {
                released.Add(child.GetAttribute("URI").TrimStart('#'));
                binding.RemoveChild(child);
            }
            else if ((child.LocalName == "Policy" && IsPolicyNamespace(child.NamespaceURI))
                || (child.LocalName == "UsingAddressing" && child.NamespaceURI == WsdlNamespaces.AddressingWsdl))
            {
                binding.RemoveChild(child);
            }
        }

        var assertions = Assertions(root.OwnerDocument, target);
        if (assertions.Count == 0)
        {
            return;
        }

        var document = root.OwnerDocument;
        var id = name + "_router_policy";
        var policy = document.CreateElement("wsp", "Policy", WsdlNamespaces.Policy);
        var idAttribute = document.CreateAttribute("wsu", "Id", WsdlNamespaces.SecurityUtility);
        idAttribute.Value = id;
        policy.Attributes.Append(idAttribute);
        var all = document.CreateElement("wsp", "All", WsdlNamespaces.Policy);
        foreach (var assertion in assertions)
        {
            all.AppendChild(assertion);
        }

        var exactlyOne = document.CreateElement("wsp", "ExactlyOne", WsdlNamespaces.Policy);
        exactlyOne.AppendChild(all);
        policy.AppendChild(exactlyOne);

        // WCF writes its policies first in the definitions.
        root.InsertBefore(policy, root.FirstChild);
        var reference = document.CreateElement("wsp", "PolicyReference", WsdlNamespaces.Policy);
        reference.SetAttribute("URI", "#" + id);
        binding.InsertBefore(reference, binding.FirstChild);
    }

    /// <summary>The assertions WCF's exporter writes for the listener's binding, in its order: transport security, encoding, addressing.</summary>
    private static List<XmlElement> Assertions(XmlDocument document, WsdlTarget target)
    {
        var assertions = new List<XmlElement>();
        if (target.Https)
        {
            assertions.Add(TransportBinding(document, target.RequireClientCertificate));
        }

        if (target.Binding.IsBinary)
        {
            assertions.Add(document.CreateElement("msb", "BinaryEncoding", WsdlNamespaces.BinaryEncodingPolicy));
        }
        else if (target.Binding.IsMtom)
        {
            assertions.Add(document.CreateElement("wsoma", "OptimizedMimeSerialization", WsdlNamespaces.OptimizedMimePolicy));
        }

        if (target.Binding.UsesAddressing)
        {
            assertions.Add(document.CreateElement("wsaw", "UsingAddressing", WsdlNamespaces.AddressingWsdl));
        }

        return assertions;
    }

    /// <summary>sp:TransportBinding with an HttpsToken, as WCF writes it for a binding with transport security.</summary>
    private static XmlElement TransportBinding(XmlDocument document, bool requireClientCertificate)
    {
        var transport = document.CreateElement("sp", "TransportBinding", WsdlNamespaces.SecurityPolicy);
        var policy = Nested(transport);
        var token = Nested(policy.AppendChild(document.CreateElement("sp", "TransportToken", WsdlNamespaces.SecurityPolicy))!);
        var https = document.CreateElement("sp", "HttpsToken", WsdlNamespaces.SecurityPolicy);
        https.SetAttribute("RequireClientCertificate", requireClientCertificate ? "true" : "false");
        token.AppendChild(https);
        Nested(policy.AppendChild(document.CreateElement("sp", "AlgorithmSuite", WsdlNamespaces.SecurityPolicy))!)
            .AppendChild(document.CreateElement("sp", "Basic256", WsdlNamespaces.SecurityPolicy));
        Nested(policy.AppendChild(document.CreateElement("sp", "Layout", WsdlNamespaces.SecurityPolicy))!)
            .AppendChild(document.CreateElement("sp", "Strict", WsdlNamespaces.SecurityPolicy));
        return transport;

        static XmlElement Nested(XmlNode parent) =>
            (XmlElement)parent.AppendChild(parent.OwnerDocument!.CreateElement("wsp", "Policy", WsdlNamespaces.Policy))!;
    }

    /// <summary>
    /// A port's endpoint reference as WCF publishes one: none without WS-Addressing; with it, the port's address only (a
    /// net.tcp identity means nothing at the listener), added when the service's port had none.
    /// </summary>
    private static void SetEndpointReference(XmlElement port, WsdlTarget target)
    {
        var references = Children(port, WsdlNamespaces.Addressing10, "EndpointReference");
        foreach (var reference in references)
        {
            if (!target.Binding.UsesAddressing)
            {
                port.RemoveChild(reference);
                continue;
            }

            foreach (var child in Elements(reference))
            {
                if (child.LocalName != "Address" || child.NamespaceURI != WsdlNamespaces.Addressing10)
                {
                    reference.RemoveChild(child);
                }
            }
        }

        if (!target.Binding.UsesAddressing || references.Count > 0)
        {
            return;
        }

        foreach (var address in Elements(port))
        {
            if (address.LocalName == "address" && IsSoapNamespace(address.NamespaceURI))
            {
                var document = port.OwnerDocument!;
                var reference = document.CreateElement("wsa10", "EndpointReference", WsdlNamespaces.Addressing10);
                var referenceAddress = document.CreateElement("wsa10", "Address", WsdlNamespaces.Addressing10);
                referenceAddress.InnerText = address.GetAttribute("location");
                reference.AppendChild(referenceAddress);
                port.InsertAfter(reference, address);
                return;
            }
        }
    }

    /// <summary>Removes the top-level policies whose references were dropped and that nothing else refers to.</summary>
    private static void RemoveUnreferencedPolicies(XmlElement root, HashSet<string> released)
    {
        if (released.Count == 0)
        {
            return;
        }

        var referenced = new HashSet<string>(StringComparer.Ordinal);
        foreach (var element in Descendants(root))
        {
            if (element.LocalName == "PolicyReference" && IsPolicyNamespace(element.NamespaceURI))
            {
                referenced.Add(element.GetAttribute("URI").TrimStart('#'));
            }
        }

        foreach (var policy in Elements(root))
        {
            if (policy.LocalName == "Policy" && IsPolicyNamespace(policy.NamespaceURI)
                && policy.GetAttribute("Id", WsdlNamespaces.SecurityUtility) is { Length: > 0 } id
                && released.Contains(id) && !referenced.Contains(id))
            {
                root.RemoveChild(policy);
            }
        }
    }

    /// <summary>The prefix <paramref name="ns"/> has on the root, declaring <paramref name="preferred"/> (or a free variant) when it has none.</summary>
    private static string Declare(XmlElement root, string preferred, string ns)
    {
        if (root.GetPrefixOfNamespace(ns) is { Length: > 0 } existing)
        {
            return existing;
        }

        var prefix = preferred;
        for (var i = 1; root.GetNamespaceOfPrefix(prefix).Length > 0; i++)
        {
            prefix = preferred + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        var declaration = root.OwnerDocument.CreateAttribute("xmlns", prefix, XmlnsNamespace);
        declaration.Value = ns;
        root.Attributes.Append(declaration);
        return prefix;
    }

    /// <summary>A QName attribute value as "namespace name", resolved in <paramref name="scope"/>; the raw value when its prefix is unknown.</summary>
    private static string ResolveQName(XmlElement scope, string value)
    {
        var colon = value.IndexOf(':', StringComparison.Ordinal);
        var ns = scope.GetNamespaceOfPrefix(colon < 0 ? "" : value[..colon]);
        return ns + " " + value[(colon + 1)..];
    }

    private static bool IsSoapNamespace(string ns) => ns is WsdlNamespaces.Soap11Binding or WsdlNamespaces.Soap12Binding;

    private static bool IsPolicyNamespace(string ns) => ns is WsdlNamespaces.Policy or WsdlNamespaces.Policy15;

    private static List<XmlElement> Elements(XmlNode parent) => parent.ChildNodes.OfType<XmlElement>().ToList();

    private static List<XmlElement> Children(XmlNode parent, string ns, string localName) =>
        parent.ChildNodes.OfType<XmlElement>().Where(e => e.LocalName == localName && e.NamespaceURI == ns).ToList();

    private static List<XmlElement> Descendants(XmlElement parent) => parent.GetElementsByTagName("*").OfType<XmlElement>().ToList();
}
