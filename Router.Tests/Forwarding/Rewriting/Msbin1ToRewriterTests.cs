using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Forwarding.Rewriting;

/// <summary>The msbin1 To splice, checked against WCF's own binary encoder: it writes the inputs and reads the outputs.</summary>
public sealed class Msbin1ToRewriterTests
{
    private const string ClientTo = "http://127.0.0.1:8080/router/binary";
    private const string BackendTo = "http://10.0.0.7:9080/binary";
    private static readonly MessageCodec Codec = WireBindings.BinaryHttp.CreateCodec(WireLimits.Default);

    [Fact]
    public void Rewrite_WcfBinaryMessage_ChangesOnlyTheTo()
    {
        var original = Encode(ClientTo, tenant: "acme", body: "payload");

        using var result = Msbin1ToRewriter.Rewrite(original, BackendTo);

        Assert.Equal(ToHeaderRewriteStatus.Rewritten, result.Status);
        var rewritten = result.Message.ToArray();
        var message = Codec.Read(new ArraySegment<byte>(rewritten));
        Assert.Equal(new Uri(BackendTo), message.Headers.To);
        Assert.Equal("http://tempuri.org/IEchoService/Echo", message.Headers.Action);
        Assert.Equal("acme", message.Headers.GetHeader<string>("Tenant", "urn:tenant"));
        Assert.NotNull(message.Headers.MessageId);
        Assert.Equal("payload", message.GetBody<string>());

        // Everything outside the To's content is the client's, byte for byte; the content is one Chars8 record.
        Assert.Equal(ToHeaderRewriteError.None, Msbin1ToRewriter.Locate(original, out var found, out var location));
        Assert.True(found);
        var tail = original.Length - location.ContentEnd;
        Assert.Equal(original.AsSpan(0, location.ContentStart), rewritten.AsSpan(0, location.ContentStart));
        Assert.Equal(original.AsSpan(location.ContentEnd), rewritten.AsSpan(rewritten.Length - tail));
        byte[] content = [0x99, (byte)BackendTo.Length, .. System.Text.Encoding.UTF8.GetBytes(BackendTo)];
        Assert.Equal(content, rewritten.AsSpan(location.ContentStart, rewritten.Length - tail - location.ContentStart).ToArray());
    }

    [Fact]
    public void Rewrite_SameAddress_IsUnchanged()
    {
        var original = Encode(BackendTo);

        using var result = Msbin1ToRewriter.Rewrite(original, BackendTo);

        Assert.Equal(ToHeaderRewriteStatus.Unchanged, result.Status);
    }

    [Fact]
    public void Rewrite_NoTo_IsNotPresent()
    {
        var original = Encode(to: null);

        using var result = Msbin1ToRewriter.Rewrite(original, BackendTo);

        Assert.Equal(ToHeaderRewriteStatus.NotPresent, result.Status);
    }

    [Theory]
    [InlineData(300)]
    [InlineData(70_000)]
    public void Rewrite_LongAddress_UsesAWiderLengthAndReadsBack(int pathLength)
    {
        var longAddress = "http://10.0.0.7:9080/" + new string('p', pathLength);
        var original = Encode(ClientTo);

        using var result = Msbin1ToRewriter.Rewrite(original, longAddress);

        Assert.Equal(ToHeaderRewriteStatus.Rewritten, result.Status);
        var message = Codec.Read(new ArraySegment<byte>(result.Message.ToArray()));
        Assert.Equal(longAddress, message.Headers.To!.OriginalString);
        Assert.Equal("body", message.GetBody<string>());
    }

    [Fact]
    public void Rewrite_LongOriginalAddress_IsReplacedWhole()
    {
        var original = Encode("http://127.0.0.1:8080/" + new string('x', 400));

        using var result = Msbin1ToRewriter.Rewrite(original, BackendTo);

        Assert.Equal(ToHeaderRewriteStatus.Rewritten, result.Status);
        Assert.Equal(new Uri(BackendTo), Codec.Read(new ArraySegment<byte>(result.Message.ToArray())).Headers.To);
    }

    [Fact]
    public void Rewrite_InlineStringsWithoutDictionary_AreFoundToo()
    {
        // A non-WCF writer may spell every name inline; the walker resolves the prefix to the addressing namespace.
        using var stream = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(stream))
        {
            writer.WriteStartElement("s", "Envelope", "http://www.w3.org/2003/05/soap-envelope");
            writer.WriteStartElement("s", "Header", "http://www.w3.org/2003/05/soap-envelope");
            writer.WriteElementString("x", "To", "urn:not-addressing", "leave me");
            writer.WriteElementString("wsa", "To", "http://www.w3.org/2005/08/addressing", ClientTo);
            writer.WriteEndElement();
            writer.WriteStartElement("s", "Body", "http://www.w3.org/2003/05/soap-envelope");
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        using var result = Msbin1ToRewriter.Rewrite(stream.ToArray(), BackendTo);

        Assert.Equal(ToHeaderRewriteStatus.Rewritten, result.Status);
        using var reader = XmlDictionaryReader.CreateBinaryReader(result.Message.ToArray(), XmlDictionaryReaderQuotas.Max);
        var document = new XmlDocument();
        document.Load(reader);
        var namespaces = new XmlNamespaceManager(document.NameTable);
        namespaces.AddNamespace("x", "urn:not-addressing");
        namespaces.AddNamespace("wsa", "http://www.w3.org/2005/08/addressing");
        Assert.Equal("leave me", document.SelectSingleNode("//x:To", namespaces)!.InnerText);
        Assert.Equal(BackendTo, document.SelectSingleNode("//wsa:To", namespaces)!.InnerText);
    }

    [Fact]
    public void Rewrite_TwoToHeaders_IsAmbiguous()
    {
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:a", "x");
        message.Headers.To = new Uri(ClientTo);
        message.Headers.Add(MessageHeader.CreateHeader("To", "http://www.w3.org/2005/08/addressing", "http://elsewhere/"));
        var bytes = Codec.WriteToArray(message);

        using var result = Msbin1ToRewriter.Rewrite(bytes, BackendTo);

        Assert.Equal(ToHeaderRewriteStatus.Failed, result.Status);
        Assert.Equal(ToHeaderRewriteError.Ambiguous, result.Error);
    }

    [Fact]
    public void Rewrite_EveryTruncation_NeverThrowsAndFailsUntilTheHeaderIsWhole()
    {
        var original = Encode(ClientTo, tenant: "acme");
        Assert.Equal(ToHeaderRewriteError.None, Msbin1ToRewriter.Locate(original, out _, out var location));

        for (var length = 0; length < original.Length; length++)
        {
            using var result = Msbin1ToRewriter.Rewrite(original.AsSpan(0, length), BackendTo);

            // Until the Header's end record is in, the walker cannot know the To is the only one.
            if (length <= location.ContentEnd)
            {
                Assert.True(result.Status == ToHeaderRewriteStatus.Failed, $"length {length}: {result.Status}");
            }
        }
    }

    [Fact]
    public void Rewrite_SeededRandomMutations_NeverThrowAndRewriteOnlyWhatWcfReadsBack()
    {
        var random = new Random(7_3_2026);
        var original = Encode(ClientTo, tenant: "acme", body: "mutate me");
        var rewrittenCount = 0;
        for (var i = 0; i < 4000; i++)
        {
            var bytes = (byte[])original.Clone();
            for (var flips = random.Next(1, 4); flips > 0; flips--)
            {
                bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
            }

            using var result = Msbin1ToRewriter.Rewrite(bytes, BackendTo);
            if (result.Status != ToHeaderRewriteStatus.Rewritten)
            {
                continue;
            }

            rewrittenCount++;
            if (TryReadTo(bytes, out _) && TryReadTo(result.Message.ToArray(), out var to))
            {
                // Whenever WCF reads both, it reads the new address in the rewritten one.
                Assert.Equal(BackendTo, to);
            }
        }

        Assert.True(rewrittenCount > 0, "no mutation left a rewritable message");
    }

    private static byte[] Encode(string? to, string? tenant = null, string body = "body")
    {
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "http://tempuri.org/IEchoService/Echo", body);
        if (to is not null)
        {
            message.Headers.To = new Uri(to);
        }

        message.Headers.MessageId = new UniqueId();
        message.Headers.ReplyTo = new EndpointAddress("http://www.w3.org/2005/08/addressing/anonymous");
        if (tenant is not null)
        {
            message.Headers.Add(MessageHeader.CreateHeader("Tenant", "urn:tenant", tenant));
        }

        return Codec.WriteToArray(message);
    }

    private static bool TryReadTo(byte[] bytes, out string? to)
    {
        to = null;
        try
        {
            var message = Codec.Read(new ArraySegment<byte>(bytes));
            to = message.Headers.To?.OriginalString;
            return true;
        }
        catch (Exception ex) when (ex is XmlException or CommunicationException or FormatException or InvalidOperationException or ArgumentException or UriFormatException)
        {
            return false;
        }
    }
}
