using System.Text;

namespace SoapRouter.Tests.Forwarding.Rewriting;

/// <summary>One way of writing a message with a wsa:To; see <see cref="ToHeaderVariants"/>.</summary>
internal sealed record ToHeaderVariant(string Name, string Template, string To, string ExpectedTo)
{
    public byte[] Original => Encoding.UTF8.GetBytes(Template.Replace("{TO}", To, StringComparison.Ordinal));

    public byte[] Expected => Encoding.UTF8.GetBytes(Template.Replace("{TO}", ExpectedTo, StringComparison.Ordinal));

    public override string ToString() => Name;
}
