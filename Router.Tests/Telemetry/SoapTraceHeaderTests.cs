using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;

namespace SoapRouter.Tests.Telemetry;

public sealed class SoapTraceHeaderTests
{
    private const string TraceParent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static readonly TraceHeaderConfig Header = new() { Name = "traceparent", Namespace = "urn:trace" };

    [Fact]
    public void Read_HeaderPresent_ReturnsItsText()
    {
        using var message = Message(MessageHeader.CreateHeader("traceparent", "urn:trace", TraceParent));

        Assert.Equal(TraceParent, SoapTraceHeader.Read(message.Headers, Header));
    }

    [Fact]
    public void Read_FromABuffer_LeavesTheBufferUsable()
    {
        using var message = Message(MessageHeader.CreateHeader("traceparent", "urn:trace", TraceParent));
        var buffer = message.CreateBufferedCopy(int.MaxValue);

        Assert.Equal(TraceParent, SoapTraceHeader.Read(buffer, Header));
        Assert.Equal(TraceParent, SoapTraceHeader.Read(buffer, Header));
    }

    [Fact]
    public void Read_OtherNamespaceOrAbsent_ReturnsNull()
    {
        using var other = Message(MessageHeader.CreateHeader("traceparent", "urn:other", TraceParent));
        using var none = Message();

        Assert.Null(SoapTraceHeader.Read(other.Headers, Header));
        Assert.Null(SoapTraceHeader.Read(none.Headers, Header));
    }

    [Fact]
    public void Read_HeaderWithElementsOrTwice_ReturnsNullRatherThanThrowing()
    {
        using var nested = Message(new ElementsHeader("traceparent", "urn:trace"));
        using var twice = Message(
            MessageHeader.CreateHeader("traceparent", "urn:trace", TraceParent), MessageHeader.CreateHeader("traceparent", "urn:trace", TraceParent));

        Assert.Null(SoapTraceHeader.Read(nested.Headers, Header));
        Assert.Null(SoapTraceHeader.Read(twice.Headers, Header));
    }

    [Fact]
    public void Replace_RemovesTheClientsCopyAndAddsOne()
    {
        using var message = Message(MessageHeader.CreateHeader("traceparent", "urn:trace", "00-stale"));

        SoapTraceHeader.Replace(message, Header, TraceParent);

        Assert.Equal(TraceParent, SoapTraceHeader.Read(message.Headers, Header));
        Assert.Equal(1, message.Headers.Count(h => h.Name == "traceparent"));
    }

    [Fact]
    public void Replace_WithNone_OnlyRemoves()
    {
        using var message = Message(MessageHeader.CreateHeader("traceparent", "urn:trace", TraceParent));

        SoapTraceHeader.Replace(message, Header, traceParent: null);

        Assert.Equal(-1, message.Headers.FindHeader("traceparent", "urn:trace"));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("garbage")]
    [InlineData("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331")]
    [InlineData("00-00000000000000000000000000000000-b7ad6b7169203331-01")]
    [InlineData("00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01")]
    [InlineData("00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01")]
    public void TryParse_MalformedTraceParent_False(string? traceParent) =>
        Assert.False(RouterTracing.TryParse(traceParent, null, out _));

    [Fact]
    public void TryParse_OverlongValues_RefusedOrDropped()
    {
        Assert.False(RouterTracing.TryParse(TraceParent + new string(' ', 600), null, out _));
        Assert.True(RouterTracing.TryParse(TraceParent, "k=" + new string('v', 600), out var context));
        Assert.Null(context.TraceState);
    }

    [Fact]
    public void TryParse_Valid_ContextIsRemoteWithItsIds()
    {
        Assert.True(RouterTracing.TryParse(TraceParent, "congo=t61rcWkgMzE", out var context));

        Assert.Equal("0af7651916cd43dd8448eb211c80319c", context.TraceId.ToHexString());
        Assert.Equal("b7ad6b7169203331", context.SpanId.ToHexString());
        Assert.True(context.IsRemote);
        Assert.Equal("congo=t61rcWkgMzE", context.TraceState);
    }

    private static Message Message(params MessageHeader[] headers)
    {
        var message = System.ServiceModel.Channels.Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:echo");
        foreach (var header in headers)
        {
            message.Headers.Add(header);
        }

        return message;
    }

    /// <summary>A header holding elements, not text.</summary>
    private sealed class ElementsHeader(string name, string ns) : MessageHeader
    {
        public override string Name => name;

        public override string Namespace => ns;

        protected override void OnWriteHeaderContents(XmlDictionaryWriter writer, MessageVersion messageVersion)
        {
            writer.WriteElementString("x", ns, "1");
            writer.WriteElementString("y", ns, "2");
        }
    }
}
