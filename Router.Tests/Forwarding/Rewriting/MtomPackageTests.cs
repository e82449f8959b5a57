using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Forwarding.Rewriting;

/// <summary>
/// MTOM packages as WCF's MTOM encoder writes them: the root part found, To spliced inside it (what WCF reads back
/// has the new To and the same binary part), and each structural fault named.
/// </summary>
public sealed class MtomPackageTests
{
    private const string To = "http://client.example/router/soap12Mtom";
    private const string Destination = "http://10.0.0.7:9080/a/longer/path/soap12Mtom";
    private static readonly MessageCodec Codec = WireBindings.Soap12HttpMtom.CreateCodec(WireLimits.ForSize(4 << 20));
    private static readonly byte[] Blob = Enumerable.Range(0, 5000).Select(i => (byte)(i * 7)).ToArray();

    [Fact]
    public void Check_WcfMtomMessage_FindsTheEnvelopeAsRootPart()
    {
        var bytes = Write();

        Assert.Equal(MtomPackageError.None, MtomPackage.Check(bytes, Codec.ContentType, out var root));
        var envelope = Encoding.UTF8.GetString(root.Of(bytes));
        Assert.StartsWith("<s:Envelope", envelope, StringComparison.Ordinal);
        Assert.EndsWith("</s:Envelope>", envelope, StringComparison.Ordinal);
        Assert.Contains("cid:", envelope, StringComparison.Ordinal);
    }

    [Fact]
    public void Splice_InTheRootPart_GivesWcfTheNewToAndTheSameBytes()
    {
        var bytes = Write();
        MtomPackage.Check(bytes, Codec.ContentType, out var root);
        var splicer = default(ToSplicer);

        using var spliced = splicer.Splice(bytes, binary: false, Destination, root);

        Assert.Equal(ToHeaderRewriteStatus.Rewritten, spliced.Status);
        // WCF's MTOM encoder takes its own ContentType string to mean "MIME headers in the body"; the same value spelt
        // otherwise is what a peer's HTTP header would be.
        using var read = Codec.Read(new ArraySegment<byte>(spliced.Message.ToArray()), Codec.ContentType.Replace("multipart", "Multipart", StringComparison.Ordinal));
        Assert.Equal(new Uri(Destination), read.Headers.To);
        using var body = read.GetReaderAtBodyContents();
        body.ReadStartElement("Data", "urn:test");
        Assert.Equal(Blob, body.ReadContentAsBase64());
    }

    [Fact]
    public void Check_NoBoundaryParameter_IsMissingBoundary() =>
        Assert.Equal(MtomPackageError.MissingBoundary, MtomPackage.Check(Write(), "multipart/related; type=\"application/xop+xml\"", out _));

    [Fact]
    public void Check_StartNamingNoPart_IsMissingRootPart()
    {
        var contentType = Codec.ContentType.Replace("start=\"<http://tempuri.org/0>\"", "start=\"<nowhere@example>\"", StringComparison.Ordinal);

        Assert.NotEqual(Codec.ContentType, contentType);
        Assert.Equal(MtomPackageError.MissingRootPart, MtomPackage.Check(Write(), contentType, out _));
    }

    [Fact]
    public void Check_NoPartAtAll_IsMissingRootPart() =>
        Assert.Equal(MtomPackageError.MissingRootPart, MtomPackage.Check("<s:Envelope/>"u8, Codec.ContentType, out _));

    [Fact]
    public void Check_XopPartLeftOut_IsMissingXopPart()
    {
        var bytes = Write();
        MtomPackage.Check(bytes, Codec.ContentType, out var root);
        var boundary = "\r\n--" + SoapRouter.Wire.Soap.SoapMediaTypes.Parameter(Codec.ContentType, "boundary");
        var rootEnd = root.Start + root.Length;

        // The root part, then straight to the closing delimiter: the XOP part the envelope refers to is gone.
        var truncated = bytes[..rootEnd].Concat(Encoding.ASCII.GetBytes(boundary + "--\r\n")).ToArray();

        Assert.Equal(MtomPackageError.MissingXopPart, MtomPackage.Check(truncated, Codec.ContentType, out _));
    }

    [Fact]
    public void Check_CutShort_IsMalformed()
    {
        var bytes = Write();

        Assert.Equal(MtomPackageError.Malformed, MtomPackage.Check(bytes.AsSpan(0, bytes.Length / 2), Codec.ContentType, out _));
    }

    private static byte[] Write()
    {
        using var message = Message.CreateMessage(Codec.Binding.MessageVersion, "urn:mtom", new DelegateBodyWriter(writer =>
        {
            writer.WriteStartElement("Data", "urn:test");
            writer.WriteBase64(Blob, 0, Blob.Length);
            writer.WriteEndElement();
        }));
        message.Headers.To = new Uri(To);
        message.Headers.MessageId = new UniqueId();
        return Codec.WriteToArray(message);
    }
}
