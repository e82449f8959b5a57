using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Tests.Forwarding.NetTcp;

/// <summary>
/// What the router reads of a framing session's reply without WCF (its RelatesTo, whether it is a fault), checked
/// against what WCF's own msbin1 encoder writes and reads.
/// </summary>
public sealed class FramedReplyReaderTests
{
    private static readonly MessageCodec Codec = WireBindings.BinaryHttp.CreateCodec(WireLimits.Default);
    private static readonly MessageVersion Version = MessageVersion.Soap12WSAddressing10;

    [Fact]
    public void Reply_RelatesToAGuidId_ReadAsWcfWritesIt()
    {
        var id = new UniqueId();
        var reply = Message.CreateMessage(Version, "urn:echo/reply", "the body");
        reply.Headers.RelatesTo = id;

        Assert.True(FramedReplyReader.TryRead(Codec.WriteToArray(reply), out var relatesTo, out var isFault));

        Assert.Equal(id.ToString(), relatesTo);
        Assert.False(isFault);
    }

    [Fact]
    public void Reply_RelatesToATextId_ReadAsItsText()
    {
        var reply = Message.CreateMessage(Version, "urn:echo/reply", "the body");
        reply.Headers.RelatesTo = new UniqueId("client-chosen-id-42");

        Assert.True(FramedReplyReader.TryRead(Codec.WriteToArray(reply), out var relatesTo, out var isFault));

        Assert.Equal("client-chosen-id-42", relatesTo);
        Assert.False(isFault);
    }

    [Fact]
    public void Fault_WrittenByWcf_IsAFault_AndRelatesToTheRequest()
    {
        var id = new UniqueId();
        var reply = SoapFaultMessages.Create(Version, SoapFaultSpec.Receiver("the backend is busy", "Busy", "urn:stub"), id.ToString());
        var bytes = Codec.WriteToArray(reply);

        Assert.True(FramedReplyReader.TryRead(bytes, out var relatesTo, out var isFault));

        Assert.Equal(id.ToString(), relatesTo);
        Assert.True(isFault);
        Assert.True(Codec.Read(new ArraySegment<byte>(bytes)).IsFault);
    }

    [Fact]
    public void Callback_WithoutRelatesTo_HasNone()
    {
        var callback = Message.CreateMessage(Version, "urn:duplex/notify", "progress 50%");

        Assert.True(FramedReplyReader.TryRead(Codec.WriteToArray(callback), out var relatesTo, out var isFault));

        Assert.Null(relatesTo);
        Assert.False(isFault);
    }

    [Fact]
    public void BodyElementNamedFault_InTheServicesOwnNamespace_IsNotAFault()
    {
        // An operation whose reply element happens to be called Fault: WCF writes it with a prefix of its own namespace.
        var reply = Message.CreateMessage(Version, "urn:orders/reply", new FaultNamedBody());
        reply.Headers.RelatesTo = new UniqueId();
        var bytes = Codec.WriteToArray(reply);

        var read = FramedReplyReader.TryRead(bytes, out _, out var isFault);

        Assert.False(read && isFault, "a service's own Fault element was taken for a SOAP fault");
        Assert.False(Codec.Read(new ArraySegment<byte>(bytes)).IsFault);
    }

    [Theory]
    [InlineData(new byte[0])]
    [InlineData(new byte[] { 0x56, 0x02 })]
    [InlineData(new byte[] { 0x01, 0x02, 0x03 })]
    public void Garbage_IsNotRead(byte[] bytes)
    {
        Assert.False(FramedReplyReader.TryRead(bytes, out _, out _));
    }

    private sealed class FaultNamedBody : BodyWriter
    {
        public FaultNamedBody()
            : base(isBuffered: true)
        {
        }

        protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
        {
            writer.WriteStartElement("o", "Fault", "urn:orders");
            writer.WriteString("not a SOAP fault");
            writer.WriteEndElement();
        }
    }
}
