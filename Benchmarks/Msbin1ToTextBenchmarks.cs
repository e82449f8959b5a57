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
/// Two ways to turn a binary destination's reply (session-free msbin1) into UTF-8 text for a text client: the byte walk
/// (<see cref="Msbin1ToText"/>), or WCF's binary reader, CreateBufferedCopy and WCF's text writer (the baseline).
/// The reply is an Echo response with a RelatesTo, as a binary HTTP service writes it.
/// </summary>
[MemoryDiagnoser]
public class Msbin1ToTextBenchmarks
{
    private readonly WireLimits _limits = WireLimits.ForSize(8 << 20);
    private MessageCodec _binary = null!;
    private MessageCodec _text = null!;
    private byte[] _reply = [];

    /// <summary>Approximate size of the message in KB.</summary>
    [Params(1, 150)]
    public int SizeKB { get; set; }

    /// <summary>One reply written by WCF's binary encoder.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _binary = WireBindings.BinaryHttp.CreateCodec(_limits);
        _text = WireBindings.Soap12Http.CreateCodec(_limits);
        var echo = new PayloadGenerator(PayloadProfile.Compressible, 1).CreateEcho(SizeKB * 1024, PayloadEncoding.BinaryXml);
        var reply = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, EchoServiceActions.EchoResponse, OperationMessages.EchoResponse.ToBody(echo));
        reply.Headers.RelatesTo = new UniqueId();
        using (reply)
        {
            _reply = _binary.WriteToArray(reply);
        }

        if (Transcode() == 0 || WcfReadCopyWrite() == 0)
        {
            throw new InvalidOperationException("A way wrote nothing.");
        }
    }

    /// <summary>WCF: the binary reader, a buffered copy, the text writer.</summary>
    [Benchmark(Baseline = true)]
    public int WcfReadCopyWrite()
    {
        using var received = _binary.Read(new ArraySegment<byte>(_reply));
        using var buffer = received.CreateBufferedCopy(_limits.MaxMessageSize);
        using var copy = buffer.CreateMessage();
        using var written = _text.Write(copy);
        return written.Count;
    }

    /// <summary>The byte walk into a pooled buffer.</summary>
    [Benchmark]
    public int Transcode()
    {
        var text = Msbin1ToText.Transcode(_reply, ArrayPoolBufferManager.Shared, 8, _limits.MaxMessageSize);
        ArrayPoolBufferManager.Shared.ReturnBuffer(text.Buffer ?? throw new InvalidOperationException(text.Problem));
        return text.Length;
    }
}
