using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BenchmarkDotNet.Attributes;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Benchmarks;

/// <summary>
/// Two ways to turn a text client's SOAP 1.2 envelope (UTF-8 text XML) into session-free msbin1: the byte transcoder
/// (<see cref="TextToMsbin1"/>), or WCF's text reader, CreateBufferedCopy and WCF's binary writer (the baseline, the
/// router's re-encode path). The envelope is an Echo request as WCF's text encoder writes it.
/// </summary>
[MemoryDiagnoser]
public class TextToMsbin1Benchmarks
{
    private const int MaxMessageSize = 8 << 20;
    private MessageEncoder _text = null!;
    private MessageEncoder _binary = null!;
    private byte[] _envelope = [];

    // Takes no buffer back: WCF returns the buffer it read a message from to the manager it was given.
    private readonly BufferManager _received = BufferManager.CreateBufferManager(0, 0);

    /// <summary>Approximate size of the message in KB.</summary>
    [Params(1, 150)]
    public int SizeKB { get; set; }

    /// <summary>An Echo request written by WCF's text encoder; both ways checked to write something.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var version = MessageVersion.Soap12WSAddressing10;
        _text = new TextMessageEncodingBindingElement(version, System.Text.Encoding.UTF8) { ReaderQuotas = XmlDictionaryReaderQuotas.Max }
            .CreateMessageEncoderFactory().Encoder;
        _binary = new BinaryMessageEncodingBindingElement { MessageVersion = version }.CreateMessageEncoderFactory().Encoder;
        var echo = new PayloadGenerator(PayloadProfile.Compressible, 1).CreateEcho(SizeKB * 1024, PayloadEncoding.TextXml);
        var message = Message.CreateMessage(version, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(echo));
        message.Headers.To = new Uri("http://127.0.0.1:8080/router/text");
        message.Headers.MessageId = new UniqueId();
        message.Headers.ReplyTo = new EndpointAddress("http://www.w3.org/2005/08/addressing/anonymous");
        var written = _text.WriteMessage(message, MaxMessageSize, BufferManager.CreateBufferManager(0, MaxMessageSize));
        _envelope = written.AsSpan().ToArray();
        if (Transcode() == 0 || WcfReadCopyWrite() == 0)
        {
            throw new InvalidOperationException("A way wrote nothing.");
        }
    }

    /// <summary>WCF: the text reader, a buffered copy, the binary writer.</summary>
    [Benchmark(Baseline = true)]
    public int WcfReadCopyWrite()
    {
        using var received = _text.ReadMessage(new ArraySegment<byte>(_envelope), _received, _text.ContentType);
        using var buffer = received.CreateBufferedCopy(MaxMessageSize);
        using var copy = buffer.CreateMessage();
        var written = _binary.WriteMessage(copy, MaxMessageSize, ArrayPoolBufferManager.Shared, 8);
        ArrayPoolBufferManager.Shared.ReturnBuffer(written.Array!);
        return written.Count;
    }

    /// <summary>The byte transcoder into a pooled buffer.</summary>
    [Benchmark]
    public int Transcode()
    {
        var translation = TextToMsbin1.Transcode(_envelope, ArrayPoolBufferManager.Shared, 8, MaxMessageSize);
        ArrayPoolBufferManager.Shared.ReturnBuffer(translation.Buffer ?? throw new InvalidOperationException(translation.Problem));
        return translation.Length;
    }
}
