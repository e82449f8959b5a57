using System.Buffers;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

public sealed class FramingRecordWriterTests
{
    [Fact]
    public void SingleOctetRecords()
    {
        var writer = new ArrayBufferWriter<byte>();

        FramingRecordWriter.WritePreambleAck(writer);
        FramingRecordWriter.WriteEnd(writer);

        Assert.Equal([0x0B, 0x07], writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void Fault_IsTheSizedUtf8Uri()
    {
        var writer = new ArrayBufferWriter<byte>();

        FramingRecordWriter.WriteFault(writer, FramingFaults.EndpointNotFound);

        Assert.Equal(FramingBytes.Fault("http://schemas.microsoft.com/ws/2006/05/framing/faults/EndpointNotFound"), writer.WrittenSpan.ToArray());
    }

    [Theory]
    [InlineData(1)]
    [InlineData(0x7F)]
    [InlineData(0x80)]
    [InlineData(0x4000)]
    [InlineData(int.MaxValue)]
    public void SizedEnvelopeHead_EndsRightBeforeThePayload(int size)
    {
        var buffer = new byte[10];

        var length = FramingRecordWriter.WriteSizedEnvelopeHead(buffer.AsSpan(0, 8), size);

        Assert.Equal(FramingRecordWriter.SizedEnvelopeHeadLength(size), length);
        Assert.Equal([0x06, .. FramingBytes.Size(size)], buffer[(8 - length)..8]);
        Assert.InRange(length, 2, FramingRecordWriter.MaxSizedEnvelopeHeadLength);
    }

    [Fact]
    public void DuplexPreamble_IsWhatAWcfClientSends()
    {
        var via = new Uri("net.tcp://backend:9090/tcp");
        var writer = new ArrayBufferWriter<byte>();

        FramingRecordWriter.WriteDuplexPreamble(writer, via);

        Assert.Equal(FramingBytes.Preamble(via), writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void DuplexPreamble_WithAContentTypeAndAnUpgrade_EndsAtTheUpgradeRequest()
    {
        var via = new Uri("net.tcp://backend:9090/tcp");
        var writer = new ArrayBufferWriter<byte>();

        FramingRecordWriter.WriteDuplexPreamble(writer, via, "application/soap+msbinsession1+gzip", "application/ssl-tls");

        byte[] expected =
        [
            .. FramingBytes.VersionAndDuplexMode, .. FramingBytes.Via(via.AbsoluteUri),
            .. FramingBytes.ExtensibleEncoding("application/soap+msbinsession1+gzip"), .. FramingBytes.UpgradeRequest("application/ssl-tls"),
        ];
        Assert.Equal(expected, writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void SizedEnvelope_IsTheHeadThenThePayload()
    {
        var writer = new ArrayBufferWriter<byte>();
        var payload = Enumerable.Range(0, 300).Select(i => (byte)i).ToArray();

        FramingRecordWriter.WriteSizedEnvelope(writer, payload);

        Assert.Equal(FramingBytes.SizedEnvelope(payload), writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void FaultStrings_AreWcfs()
    {
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/MaxMessageSizeExceededFault", FramingFaults.MaxMessageSizeExceeded);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/ServerTooBusy", FramingFaults.ServerTooBusy);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/ContentTypeInvalid", FramingFaults.ContentTypeInvalid);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/UnsupportedVersion", FramingFaults.UnsupportedVersion);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/UnsupportedMode", FramingFaults.UnsupportedMode);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/UpgradeInvalid", FramingFaults.UpgradeInvalid);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/ConnectionDispatchFailed", FramingFaults.ConnectionDispatchFailed);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/ServiceActivationFailed", FramingFaults.ServiceActivationFailed);
        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/EndpointUnavailable", FramingFaults.EndpointUnavailable);
    }
}
