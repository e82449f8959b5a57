using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BenchmarkDotNet.Attributes;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Benchmarks;

/// <summary>
/// Two ways to turn a net.tcp session payload (msbinsession1) into session-free msbin1: the byte walk
/// (<see cref="SessionTranslator"/>), or WCF's session reader, CreateBufferedCopy and WCF's msbin1 writer (the
/// baseline). The payload is a session's second Echo request, whose strings its first one already added.
/// </summary>
[MemoryDiagnoser]
public class SessionTranslateBenchmarks
{
    private readonly WireLimits _limits = WireLimits.ForSize(8 << 20);
    private MessageCodec _sessionReader = null!;
    private MessageCodec _msbin1 = null!;
    private SessionStrings _strings = null!;
    private byte[] _payload = [];
    private byte[] _scratch = [];

    /// <summary>Approximate size of the message in KB.</summary>
    [Params(1, 150)]
    public int SizeKB { get; set; }

    /// <summary>Two Echo requests written by one session encoder; both readers have read the first.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var writer = WireBindings.NetTcp.CreateCodec(_limits);
        var echo = new PayloadGenerator(PayloadProfile.Compressible, 1).CreateEcho(SizeKB * 1024, PayloadEncoding.BinaryXml);
        var first = writer.WriteToArray(Request(echo));
        _payload = writer.WriteToArray(Request(echo));
        if (_payload[0] != 0)
        {
            throw new InvalidOperationException("The second request added strings: translating it again would grow the session.");
        }

        _sessionReader = new MessageCodec(WireBindings.NetTcp, WireBindings.NetTcp.CreateEncoderFactory(_limits).CreateSessionEncoder(), _limits);
        _sessionReader.Read(new ArraySegment<byte>(first)).Close();
        _strings = new SessionStrings();
        var translation = SessionTranslator.PayloadToMsbin1(first, _strings, ArrayPoolBufferManager.Shared, 0, _limits.MaxMessageSize);
        ArrayPoolBufferManager.Shared.ReturnBuffer(translation.Buffer ?? throw new InvalidOperationException(translation.Problem));
        _msbin1 = WireBindings.NetTcp.Sessionless.CreateCodec(_limits);
        _scratch = new byte[_payload.Length];
        if (Translate() == 0 || WcfReadCopyWrite() == 0)
        {
            throw new InvalidOperationException("A way wrote nothing.");
        }
    }

    /// <summary>WCF: the session reader, a buffered copy, the msbin1 writer.</summary>
    [Benchmark(Baseline = true)]
    public int WcfReadCopyWrite()
    {
        // A fresh copy of the bytes each time: WCF's session reader may rewrite its buffer in place.
        _payload.CopyTo(_scratch, 0);
        using var received = _sessionReader.Read(new ArraySegment<byte>(_scratch));
        using var buffer = received.CreateBufferedCopy(_limits.MaxMessageSize);
        using var copy = buffer.CreateMessage();
        using var written = _msbin1.Write(copy);
        return written.Count;
    }

    /// <summary>The byte walk into a pooled buffer.</summary>
    [Benchmark]
    public int Translate()
    {
        var translation = SessionTranslator.PayloadToMsbin1(_payload, _strings, ArrayPoolBufferManager.Shared, 8, _limits.MaxMessageSize);
        ArrayPoolBufferManager.Shared.ReturnBuffer(translation.Buffer ?? throw new InvalidOperationException(translation.Problem));
        return translation.Length;
    }

    private static Message Request(EchoPayload echo)
    {
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(echo));
        message.Headers.To = new Uri("net.tcp://127.0.0.1:8808/router/nettcp");
        message.Headers.MessageId = new UniqueId();
        message.Headers.ReplyTo = new EndpointAddress("http://www.w3.org/2005/08/addressing/anonymous");
        return message;
    }
}
