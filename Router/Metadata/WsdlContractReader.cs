using System.Xml;
using System.Xml.Linq;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Metadata;

/// <summary>
/// Reads the operations of a service from its WSDL 1.1 documents (the main one and those it imports, as WCF splits
/// them: port types in one, bindings in another): which operations are one-way, and the actions their inputs carry.
/// DTDs are refused and nothing external is resolved; the caller fetches the imports it is given.
/// </summary>
internal sealed class WsdlContractReader
{
    private static readonly XNamespace Wsdl = WsdlNamespaces.Wsdl;
    private static readonly XName[] ActionAttributes =
    [
        XName.Get("Action", WsdlNamespaces.AddressingWsdl),
        XName.Get("Action", WsdlNamespaces.AddressingMetadata),
        XName.Get("Action", WsdlNamespaces.Addressing2004),
    ];

    private readonly List<(XName PortType, XElement Operation)> _portTypeOperations = [];
    private readonly Dictionary<(XName PortType, string Operation), List<string>> _soapActions = [];

    /// <summary>
    /// Adds one document; returns the queries of the metadata parts it imports (?wsdl=wsdl0), which WCF serves beside
    /// ?wsdl. Throws <see cref="XmlException"/> for a document that is not well-formed XML or not a WSDL 1.1 definitions.
    /// </summary>
    public IReadOnlyList<string> Add(ReadOnlySpan<byte> document)
    {
        XDocument xml;
        using (var reader = MetadataXml.Open(document))
        {
            xml = XDocument.Load(reader);
        }

        var root = xml.Root;
        if (root is null || root.Name != Wsdl + "definitions")
        {
            throw new XmlException("The document is not a WSDL 1.1 definitions element.");
        }

        XNamespace target = (string?)root.Attribute("targetNamespace") ?? "";
        foreach (var portType in root.Elements(Wsdl + "portType"))
        {
            if ((string?)portType.Attribute("name") is not { Length: > 0 } portTypeName || !IsNcName(portTypeName))
            {
                continue;
            }

            var name = target + portTypeName;
            foreach (var operation in portType.Elements(Wsdl + "operation"))
            {
                _portTypeOperations.Add((name, operation));
            }
        }

        foreach (var binding in root.Elements(Wsdl + "binding"))
        {
            if (QName(binding, (string?)binding.Attribute("type")) is not { } portType)
            {
                continue;
            }

            foreach (var operation in binding.Elements(Wsdl + "operation"))
            {
                var soapAction = operation.Elements().FirstOrDefault(IsSoapOperation)?.Attribute("soapAction")?.Value;
                if (string.IsNullOrEmpty(soapAction))
                {
                    continue;
                }

                var key = (portType, (string?)operation.Attribute("name") ?? "");
                if (!_soapActions.TryGetValue(key, out var actions))
                {
                    _soapActions[key] = actions = [];
                }

                if (!actions.Contains(soapAction, StringComparer.Ordinal))
                {
                    actions.Add(soapAction);
                }
            }
        }

        var imports = new List<string>();
        foreach (var import in root.Elements(Wsdl + "import"))
        {
            var location = (string?)import.Attribute("location") ?? "";
            var query = location.IndexOf('?', StringComparison.Ordinal);
            if (query >= 0 && MetadataQuery.IsMetadata(location[query..]))
            {
                imports.Add(location[query..]);
            }
        }

        return imports;
    }

    /// <summary>Every operation of every port type read so far, in document order.</summary>
    public IReadOnlyList<WsdlOperation> Operations()
    {
        var operations = new List<WsdlOperation>(_portTypeOperations.Count);
        foreach (var (portType, operation) in _portTypeOperations)
        {
            var name = (string?)operation.Attribute("name") ?? "";
            var input = operation.Element(Wsdl + "input");
            if (input is null)
            {
                // A notification (output only) is sent by the service unasked; no client message has its action.
                continue;
            }

            var oneWay = operation.Element(Wsdl + "output") is null;
            var actions = new List<string>();
            foreach (var attribute in ActionAttributes)
            {
                if (input.Attribute(attribute)?.Value is { Length: > 0 } action && !actions.Contains(action, StringComparer.Ordinal))
                {
                    actions.Add(action);
                }
            }

            if (_soapActions.TryGetValue((portType, name), out var soapActions))
            {
                foreach (var action in soapActions)
                {
                    if (!actions.Contains(action, StringComparer.Ordinal))
                    {
                        actions.Add(action);
                    }
                }
            }

            if (actions.Count == 0)
            {
                actions.Add(DefaultAction(portType, (string?)input.Attribute("name") ?? (oneWay ? name : name + "Request")));
            }

            operations.Add(new WsdlOperation(portType.LocalName, name, oneWay, actions));
        }

        return operations;
    }

    /// <summary>
    /// WS-Addressing's default action of an input: target namespace, port type and input name joined by '/' (':' for a
    /// URN), the namespace's own trailing delimiter not doubled. WCF's default action has the same shape.
    /// </summary>
    public static string DefaultAction(XName portType, string inputName)
    {
        ArgumentNullException.ThrowIfNull(portType);
        var ns = portType.NamespaceName;
        var delimiter = ns.StartsWith("urn:", StringComparison.OrdinalIgnoreCase) ? ":" : "/";
        var prefix = ns.EndsWith(delimiter, StringComparison.Ordinal) ? ns : ns + delimiter;
        return string.Concat(prefix, portType.LocalName, delimiter, inputName);
    }

    private static bool IsSoapOperation(XElement element) =>
        element.Name.LocalName == "operation" && element.Name.NamespaceName is WsdlNamespaces.Soap11Binding or WsdlNamespaces.Soap12Binding;

    /// <summary>A prefixed name in an attribute value, resolved in <paramref name="scope"/>'s namespace declarations.</summary>
    private static XName? QName(XElement scope, string? value)
    {
        if (string.IsNullOrEmpty(value))
        {
            return null;
        }

        var colon = value.IndexOf(':', StringComparison.Ordinal);
        var local = value[(colon + 1)..];
        if (!IsNcName(local) || (colon >= 0 && !IsNcName(value[..colon])))
        {
            return null;
        }

        var ns = colon < 0 ? scope.GetDefaultNamespace() : scope.GetNamespaceOfPrefix(value[..colon]);
        return ns is null ? null : ns + local;
    }

    private static bool IsNcName(string value)
    {
        if (value.Length == 0)
        {
            return false;
        }

        try
        {
            XmlConvert.VerifyNCName(value);
            return true;
        }
        catch (XmlException)
        {
            return false;
        }
    }
}
