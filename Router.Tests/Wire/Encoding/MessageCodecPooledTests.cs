using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Encoding;

/// <summary>MessageCodec.ReadPooled: the message takes the rented array and WCF gives it back once, when all is closed.</summary>
public sealed class MessageCodecPooledTests
{
    public static TheoryData<string> BinaryBindings => [WireBindingNames.BinaryHttp, WireBindingNames.NetTcp];

    [Theory]
    [MemberData(nameof(BinaryBindings))]
    public void BufferedCopy_KeepsTheArray_UntilItAndEveryMessageFromItAreClosed(string name)
    {
        var pool = new CountingArrayPool();
        var binding = WireBindings.Get(name);
        var bytes = WireBindings.Get(name).CreateCodec(WireLimits.Default).WriteToArray(Request(binding, "pooled"));
        var codec = binding.CreateCodec(WireLimits.Default, new ArrayPoolBufferManager(pool));
        var rented = pool.Rent(bytes.Length);
        bytes.CopyTo(rented, 0);

        var message = codec.ReadPooled(rented, bytes.Length);
        var buffer = message.CreateBufferedCopy(int.MaxValue);
        message.Close();
        Assert.Equal(1, pool.Outstanding);

        using (var first = buffer.CreateMessage())
        using (var second = buffer.CreateMessage())
        {
            Assert.Equal("pooled", Text(first));
            Assert.Equal("pooled", Text(second));
        }

        Assert.Equal(1, pool.Outstanding);
        buffer.Close();
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(1, pool.Returns);
    }

    [Fact]
    public void Message_WithoutACopy_ReturnsTheArrayWhenClosed()
    {
        var pool = new CountingArrayPool();
        var binding = WireBindings.BinaryHttp;
        var bytes = binding.CreateCodec(WireLimits.Default).WriteToArray(Request(binding, "once"));
        var codec = binding.CreateCodec(WireLimits.Default, new ArrayPoolBufferManager(pool));
        var rented = pool.Rent(bytes.Length);
        bytes.CopyTo(rented, 0);

        using (var message = codec.ReadPooled(rented, bytes.Length))
        {
            Assert.Equal("once", Text(message));
            Assert.Equal(1, pool.Outstanding);
        }

        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [MemberData(nameof(BinaryBindings))]
    public void UnreadableBytes_Throw_AndTheArrayIsReturnedExactlyOnce(string name)
    {
        var pool = new CountingArrayPool();
        var codec = WireBindings.Get(name).CreateCodec(WireLimits.Default, new ArrayPoolBufferManager(pool));
        var rented = pool.Rent(16);
        new byte[] { 0x00, 0x56, 0x02, 0x0B, 0x01, 0x73, 0x04, 0x0B, 0x01, 0x61, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00 }.CopyTo(rented, 0);

        Assert.ThrowsAny<Exception>(() => codec.ReadPooled(rented, 16));

        // CountingArrayPool throws on a second return of the same array.
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(1, pool.Returns);
    }

    [Fact]
    public void Write_WithAReservedPrefix_LeavesRoomBeforeTheMessage_AndWritesTheSameBytes()
    {
        var binding = WireBindings.BinaryHttp;
        var codec = binding.CreateCodec(WireLimits.Default);
        using var message = Request(binding, "prefixed");
        var buffer = message.CreateBufferedCopy(int.MaxValue);

        using var plain = codec.Write(buffer.CreateMessage());
        using var prefixed = codec.Write(buffer.CreateMessage(), reservedPrefix: 6);

        Assert.True(prefixed.Offset >= 6, $"offset {prefixed.Offset}");
        Assert.Equal(plain.ToArray(), prefixed.ToArray());
    }

    private static Message Request(WireBinding binding, string text)
    {
        var message = Message.CreateMessage(binding.MessageVersion, "urn:test", new DelegateBodyWriter(writer => writer.WriteElementString("text", "urn:test", text)));
        message.Headers.MessageId = new UniqueId(Guid.NewGuid());
        message.Headers.To = new Uri("net.tcp://localhost/test");
        return message;
    }

    private static string Text(Message message)
    {
        using var reader = message.GetReaderAtBodyContents();
        return reader.ReadElementContentAsString();
    }
}
