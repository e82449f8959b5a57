using System.ServiceModel.Channels;
using System.Xml;
using BenchmarkDotNet.Attributes;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Benchmarks;

/// <summary>
/// The two ways to give a matched msbin1 hop its destination's To: splice the To record in the received bytes (what
/// the router does), or decode with WCF's encoder, take the buffered copy, set To and encode again. The splice is the
/// baseline.
/// </summary>
[MemoryDiagnoser]
public class BinaryToBenchmarks
{
    private const string Destination = "http://10.0.0.7:9080/binary";
    private static readonly Uri DestinationUri = new(Destination);

    private readonly MessageCodec _codec = WireBindings.BinaryHttp.CreateCodec(WireLimits.ForSize(8 << 20));
    private byte[] _message = [];

    /// <summary>Approximate size of the message in KB.</summary>
    [Params(1, 150)]
    public int SizeKB { get; set; }

    /// <summary>A WCF client's Echo request, as msbin1.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var payload = new PayloadGenerator(PayloadProfile.Compressible, 1).CreateEcho(SizeKB * 1024, PayloadEncoding.BinaryXml);
        var message = Message.CreateMessage(
            MessageVersion.Soap12WSAddressing10, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(payload));
        message.Headers.To = new Uri("http://127.0.0.1:8080/router/binary");
        message.Headers.MessageId = new UniqueId();
        message.Headers.ReplyTo = new System.ServiceModel.EndpointAddress("http://www.w3.org/2005/08/addressing/anonymous");
        _message = _codec.WriteToArray(message);

        // Both ways must produce a message WCF reads with the destination's To, or the comparison means nothing.
        using var spliced = Msbin1ToRewriter.Rewrite(_message, Destination);
        CheckTo(spliced.Message.ToArray());
        var received = _codec.Read(new ArraySegment<byte>(_message));
        var outgoing = received.CreateBufferedCopy(8 << 20).CreateMessage();
        outgoing.Headers.To = DestinationUri;
        CheckTo(_codec.WriteToArray(outgoing));
    }

    private void CheckTo(byte[] message)
    {
        if (_codec.Read(new ArraySegment<byte>(message)).Headers.To != DestinationUri)
        {
            throw new InvalidOperationException("A way to set To produced a message without the destination's To.");
        }
    }

    /// <summary>The router's way: the received bytes with one text record replaced.</summary>
    [Benchmark(Baseline = true)]
    public int Splice()
    {
        using var result = Msbin1ToRewriter.Rewrite(_message, Destination);
        return result.Message.Length;
    }

    /// <summary>Decode, CreateBufferedCopy, set To on the copy's message, encode.</summary>
    [Benchmark]
    public int Reencode()
    {
        var received = _codec.Read(new ArraySegment<byte>(_message));
        var buffer = received.CreateBufferedCopy(8 << 20);
        var outgoing = buffer.CreateMessage();
        outgoing.Headers.To = DestinationUri;
        using var bytes = _codec.Write(outgoing);
        buffer.Close();
        return bytes.Count;
    }
}
