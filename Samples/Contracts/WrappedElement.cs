using System.Runtime.Serialization;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Encoding;

namespace Samples.Contracts;

/// <summary>
/// One body of a document/literal wrapped operation, as WCF's DataContract formatter shapes it: a wrapper element
/// in the service namespace (the operation name, or name + "Response") holding one part element, also in the
/// service namespace, whose content is the data contract's members in <see cref="ContractNamespaces.Data"/>.
/// </summary>
/// <typeparam name="T">The part's type.</typeparam>
public sealed class WrappedElement<T>
{
    private readonly DataContractSerializer _serializer;

    /// <summary>Describes <c>&lt;wrapperName&gt;&lt;partName&gt;…&lt;/partName&gt;&lt;/wrapperName&gt;</c>.</summary>
    public WrappedElement(string wrapperName, string partName)
    {
        WrapperName = wrapperName;
        PartName = partName;
        _serializer = new DataContractSerializer(typeof(T), partName, ContractNamespaces.Service);
    }

    /// <summary>Local name of the wrapper element.</summary>
    public string WrapperName { get; }

    /// <summary>Local name of the part element.</summary>
    public string PartName { get; }

    /// <summary>Writes the wrapper with <paramref name="value"/> as its part (null as i:nil, as WCF does).</summary>
    public void Write(XmlDictionaryWriter writer, T? value)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStartElement(WrapperName, ContractNamespaces.Service);
        _serializer.WriteObject(writer, value);
        writer.WriteEndElement();
    }

    /// <summary>A message body holding <paramref name="value"/> in this wrapper, as WCF's operation formatter writes it.</summary>
    public BodyWriter ToBody(T? value) => new DelegateBodyWriter(writer => Write(writer, value));

    /// <summary>
    /// Reads the wrapper at the reader's position; a missing part reads as the default value (as in WCF). Throws
    /// <see cref="SerializationException"/> or <see cref="XmlException"/> when the body does not have this shape.
    /// </summary>
    public T? Read(XmlDictionaryReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        if (reader.MoveToContent() != XmlNodeType.Element || !reader.IsStartElement(WrapperName, ContractNamespaces.Service))
        {
            throw new SerializationException(
                $"Expected to find element '{WrapperName}' in namespace '{ContractNamespaces.Service}'; found {reader.NodeType} '{reader.LocalName}' in namespace '{reader.NamespaceURI}'.");
        }

        if (reader.IsEmptyElement)
        {
            reader.Read();
            return default;
        }

        reader.ReadStartElement();
        T? value = default;
        if (reader.MoveToContent() == XmlNodeType.Element && reader.IsStartElement(PartName, ContractNamespaces.Service))
        {
            value = (T?)_serializer.ReadObject(reader, verifyObjectName: true);
        }

        // Parts this contract does not know are skipped, as the DataContract formatter does.
        while (reader.MoveToContent() == XmlNodeType.Element)
        {
            reader.Skip();
        }

        reader.ReadEndElement();
        return value;
    }
}
