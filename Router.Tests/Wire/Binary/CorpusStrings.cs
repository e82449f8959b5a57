using System.Xml;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>The dictionary strings the corpus writes with: a session encoder adds each to its session on first use.</summary>
internal sealed class CorpusStrings
{
    private readonly XmlDictionary _dictionary = new();

    public CorpusStrings()
    {
        Namespace = _dictionary.Add("urn:corpus:records");
        Item = _dictionary.Add("Item");
        Flag = _dictionary.Add("flag");
        Value = _dictionary.Add("session-value");
        Local = _dictionary.Add("QualifiedLocal");
        Tenant = _dictionary.Add("Tenant");
        Contoso = _dictionary.Add("contoso");
    }

    public XmlDictionaryString Namespace { get; }

    public XmlDictionaryString Item { get; }

    public XmlDictionaryString Flag { get; }

    public XmlDictionaryString Value { get; }

    public XmlDictionaryString Local { get; }

    public XmlDictionaryString Tenant { get; }

    public XmlDictionaryString Contoso { get; }

    /// <summary>
    /// A body with every dictionary record form a binary writer makes: elements with a letter prefix, none and a longer
    /// prefix (and their namespace declarations), attributes of each form, dictionary text inside and ending an element
    /// and in an attribute, a qualified name, a list, and an Array record named by a dictionary string.
    /// </summary>
    public void WriteRecords(XmlDictionaryWriter writer)
    {
        writer.WriteStartElement("r", Item, Namespace);
        writer.WriteStartAttribute("r", Flag, Namespace);
        writer.WriteString(Value);
        writer.WriteEndAttribute();
        writer.WriteStartAttribute(Flag, null);
        writer.WriteString("inline");
        writer.WriteEndAttribute();

        writer.WriteStartElement(null, Item, Namespace);
        writer.WriteString(Value);
        writer.WriteEndElement();

        writer.WriteStartElement("rr", Item, Namespace);
        writer.WriteStartAttribute("rr", Flag, Namespace);
        writer.WriteString("1");
        writer.WriteEndAttribute();
        writer.WriteString(Value);
        writer.WriteString(" and more");
        writer.WriteEndElement();

        writer.WriteStartElement("r", Item, Namespace);
        writer.WriteQualifiedName(Local, Namespace);
        writer.WriteEndElement();

        writer.WriteStartElement("r", Item, Namespace);
        writer.WriteValue(new object[] { 1, "two", true, 4.5 });
        writer.WriteEndElement();

        writer.WriteArray("r", Item, Namespace, [1, 2, 3, 4, 5], 0, 5);
        writer.WriteEndElement();
    }
}
