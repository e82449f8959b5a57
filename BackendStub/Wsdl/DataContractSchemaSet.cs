using System.Reflection;
using System.Runtime.Serialization;
using System.Xml;
using SoapRouter.Wire.Soap;

namespace BackendStub.Wsdl;

/// <summary>
/// The XML Schema of the data contracts an operation's parts reach, shaped as WCF's XsdDataContractExporter shapes
/// them: one complex type per [DataContract] with its [DataMember]s in serialization order (Order, then name),
/// optional (minOccurs 0) unless IsRequired, nillable when a reference or nullable type; T[] as ArrayOf{T} in T's
/// namespace; a global nillable element per complex type. It knows the primitives the sample contracts use and
/// refuses other types rather than describe them wrongly.
/// </summary>
internal sealed class DataContractSchemaSet
{
    private const string DefaultDataNamespace = "http://schemas.datacontract.org/2004/07/";

    private readonly List<SchemaComplexType?> _types = [];
    private readonly Dictionary<XmlQualifiedName, int> _indexes = [];

    /// <summary>The complex types found so far, in the order they were reached.</summary>
    public IEnumerable<SchemaComplexType> Types => _types.OfType<SchemaComplexType>();

    /// <summary>The namespaces of the complex types found so far.</summary>
    public IEnumerable<string> Namespaces => Types.Select(type => type.Name.Namespace).Distinct(StringComparer.Ordinal);

    /// <summary>How an element of <paramref name="type"/> is typed, adding the complex types it reaches.</summary>
    public SchemaTypeRef Reference(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Reference(underlying) with { Nillable = true };
        }

        if (Primitive(type) is { } primitive)
        {
            return primitive;
        }

        if (type.IsArray && type.GetArrayRank() == 1)
        {
            return ReferenceArray(type.GetElementType()!);
        }

        if (type.GetCustomAttribute<DataContractAttribute>() is { } contract)
        {
            return ReferenceContract(type, contract);
        }

        throw new NotSupportedException($"The WSDL exporter does not describe type {type.FullName}.");
    }

    /// <summary>Writes one xs:schema per namespace of <see cref="Types"/>.</summary>
    public void WriteSchemas(XmlWriter writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        foreach (var ns in Namespaces.ToList())
        {
            writer.WriteStartElement("xs", "schema", WsdlNamespaces.Xsd);
            writer.WriteAttributeString("elementFormDefault", "qualified");
            writer.WriteAttributeString("targetNamespace", ns);
            writer.WriteAttributeString("xmlns", "tns", null, ns);
            foreach (var type in Types.Where(type => type.Name.Namespace == ns))
            {
                WriteComplexType(writer, type);
                WriteGlobalElement(writer, type.Name.Name, type.Name, nillable: true);
            }

            writer.WriteEndElement();
        }
    }

    /// <summary>Writes <c>&lt;xs:element name=".." nillable=".." type=".."/&gt;</c>.</summary>
    public static void WriteGlobalElement(XmlWriter writer, string name, XmlQualifiedName type, bool nillable)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStartElement("xs", "element", WsdlNamespaces.Xsd);
        writer.WriteAttributeString("name", name);
        if (nillable)
        {
            writer.WriteAttributeString("nillable", "true");
        }

        WriteTypeAttribute(writer, type);
        writer.WriteEndElement();
    }

    /// <summary>Writes one element of a sequence.</summary>
    public static void WriteSequenceElement(XmlWriter writer, SchemaElement element)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(element);
        writer.WriteStartElement("xs", "element", WsdlNamespaces.Xsd);
        if (element.Optional)
        {
            writer.WriteAttributeString("minOccurs", "0");
        }

        if (element.Repeated)
        {
            writer.WriteAttributeString("maxOccurs", "unbounded");
        }

        writer.WriteAttributeString("name", element.Name);
        if (element.Nillable)
        {
            writer.WriteAttributeString("nillable", "true");
        }

        WriteTypeAttribute(writer, element.Type);
        writer.WriteEndElement();
    }

    private static void WriteTypeAttribute(XmlWriter writer, XmlQualifiedName type)
    {
        // A QName in an attribute: its prefix must already be in scope (the schema element declares them all).
        writer.WriteStartAttribute("type");
        writer.WriteQualifiedName(type.Name, type.Namespace);
        writer.WriteEndAttribute();
    }

    private static void WriteComplexType(XmlWriter writer, SchemaComplexType type)
    {
        writer.WriteStartElement("xs", "complexType", WsdlNamespaces.Xsd);
        writer.WriteAttributeString("name", type.Name.Name);
        writer.WriteStartElement("xs", "sequence", WsdlNamespaces.Xsd);
        foreach (var element in type.Sequence)
        {
            WriteSequenceElement(writer, element);
        }

        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private SchemaTypeRef ReferenceArray(Type itemType)
    {
        var item = Reference(itemType);
        if (item.Name.Namespace == WsdlNamespaces.Xsd)
        {
            // WCF puts arrays of primitives in its own Serialization/Arrays namespace; the samples have none.
            throw new NotSupportedException($"The WSDL exporter does not describe arrays of {itemType.FullName}.");
        }

        var name = new XmlQualifiedName("ArrayOf" + item.Name.Name, item.Name.Namespace);
        if (Reserve(name))
        {
            _types[_indexes[name]] = new SchemaComplexType(name, [new SchemaElement(item.Name.Name, item.Name, item.Nillable, Optional: true, Repeated: true)]);
        }

        return new SchemaTypeRef(name, Nillable: true);
    }

    private SchemaTypeRef ReferenceContract(Type type, DataContractAttribute contract)
    {
        if (type.BaseType is { } baseType && baseType.GetCustomAttribute<DataContractAttribute>() is not null)
        {
            throw new NotSupportedException($"The WSDL exporter does not describe derived data contract {type.FullName}.");
        }

        var name = new XmlQualifiedName(contract.Name ?? type.Name, contract.Namespace ?? DefaultDataNamespace + type.Namespace);
        var reference = new SchemaTypeRef(name, Nillable: !type.IsValueType);
        if (!Reserve(name))
        {
            return reference;
        }

        var members = type.GetMembers(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
            .Select(member => (Member: member, Attribute: member.GetCustomAttribute<DataMemberAttribute>()))
            .Where(pair => pair.Attribute is not null && pair.Member is PropertyInfo or FieldInfo)
            .Select(pair => (pair.Member, Attribute: pair.Attribute!, Name: pair.Attribute!.Name ?? pair.Member.Name))
            .OrderBy(member => member.Attribute.Order)
            .ThenBy(member => member.Name, StringComparer.Ordinal)
            .ToList();
        var sequence = new List<SchemaElement>(members.Count);
        foreach (var (member, attribute, memberName) in members)
        {
            var memberType = member is PropertyInfo property ? property.PropertyType : ((FieldInfo)member).FieldType;
            var typeRef = Reference(memberType);
            sequence.Add(new SchemaElement(memberName, typeRef.Name, typeRef.Nillable, Optional: !attribute.IsRequired));
        }

        _types[_indexes[name]] = new SchemaComplexType(name, sequence);
        return reference;
    }

    /// <summary>Takes <paramref name="name"/>'s place in the order of types; false when it already has one.</summary>
    private bool Reserve(XmlQualifiedName name)
    {
        if (_indexes.ContainsKey(name))
        {
            return false;
        }

        // The place is taken before the members are read, so a type reached again (recursion) is not added twice.
        _indexes[name] = _types.Count;
        _types.Add(null);
        return true;
    }

    private static SchemaTypeRef? Primitive(Type type)
    {
        var (name, nillable) = type switch
        {
            _ when type == typeof(string) => ("string", true),
            _ when type == typeof(byte[]) => ("base64Binary", true),
            _ when type == typeof(int) => ("int", false),
            _ when type == typeof(long) => ("long", false),
            _ when type == typeof(short) => ("short", false),
            _ when type == typeof(bool) => ("boolean", false),
            _ when type == typeof(double) => ("double", false),
            _ when type == typeof(float) => ("float", false),
            _ when type == typeof(decimal) => ("decimal", false),
            _ when type == typeof(DateTime) => ("dateTime", false),
            _ => (null, false),
        };
        return name is null ? null : new SchemaTypeRef(new XmlQualifiedName(name, WsdlNamespaces.Xsd), nillable);
    }
}
