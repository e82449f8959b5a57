using System.ServiceModel.Channels;
using System.Xml;
using Samples.Contracts;

namespace LoadClient.Envelopes;

/// <summary>A message body that is one <see cref="WrappedElement{T}"/> holding <typeparamref name="T"/>: the shape WCF's operation formatter writes.</summary>
/// <typeparam name="T">The part's type.</typeparam>
internal sealed class WrappedBodyWriter<T> : BodyWriter
{
    private readonly WrappedElement<T> _element;
    private readonly T _value;

    /// <summary>Writes <paramref name="value"/> as <paramref name="element"/>'s part.</summary>
    public WrappedBodyWriter(WrappedElement<T> element, T value)
        : base(isBuffered: true)
    {
        ArgumentNullException.ThrowIfNull(element);
        _element = element;
        _value = value;
    }

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer) => _element.Write(writer, _value);
}
