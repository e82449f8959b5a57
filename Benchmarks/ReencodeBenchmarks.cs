using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using BenchmarkDotNet.Attributes;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Pipeline;
using SoapRouter.Reencoding;
using SoapRouter.Routing;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Benchmarks;

/// <summary>
/// The re-encode path's own work on one 1 KB echo, SOAP 1.2 text client to an msbin1 destination, as the pipeline does
/// it: the request read by the router's envelope reader and by WCF's text encoder (ReceivedMessage.TryBuffer), the destination's
/// message made from it and written as msbin1; the destination's msbin1 reply read and written for the client as text.
/// No sockets, no Kestrel: what the re-encode itself costs.
/// </summary>
[MemoryDiagnoser]
public class ReencodeBenchmarks
{
    private static readonly Uri Destination = new("http://127.0.0.1:9080/binary");

    private readonly WireLimits _limits = WireLimits.ForSize(1 << 20);
    private MessageCodec _text = null!;
    private MessageCodec _binary = null!;
    private SoapEnvelopeReader _reader = null!;
    private Msbin1ReaderPool _msbin1Readers = null!;
    private byte[] _request = [];
    private byte[] _reply = [];
    private string _messageId = string.Empty;

    /// <summary>Builds the client's request (SOAP 1.2 text) and the destination's reply (msbin1), as WCF writes them.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _text = WireBindings.Soap12Http.CreateCodec(_limits);
        _binary = WireBindings.BinaryHttp.CreateCodec(_limits);
        _reader = new SoapEnvelopeReader(new ReaderQuotasConfig());
        _msbin1Readers = new Msbin1ReaderPool(_limits.ToReaderQuotas());
        var payload = new EchoPayload { Text = new string('a', 700) };
        var id = new UniqueId(Guid.NewGuid());
        _messageId = id.ToString();
        using (var request = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, EchoServiceActions.Echo, OperationMessages.EchoRequest.ToBody(payload)))
        {
            request.Headers.MessageId = id;
            request.Headers.ReplyTo = new EndpointAddress("http://www.w3.org/2005/08/addressing/anonymous");
            request.Headers.To = new Uri("http://127.0.0.1:8080/soap12");
            _request = _text.WriteToArray(request);
        }

        using (var reply = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, EchoServiceActions.EchoResponse, OperationMessages.EchoResponse.ToBody(payload)))
        {
            reply.Headers.RelatesTo = id;
            _reply = _binary.WriteToArray(reply);
        }

        if (Request() == 0 || Reply() == 0)
        {
            throw new InvalidOperationException("The re-encode wrote nothing.");
        }
    }

    /// <summary>The client's request to the destination: envelope read, WCF read and buffered copy, msbin1 written.</summary>
    [Benchmark]
    public int Request()
    {
        var bytes = new ArraySegment<byte>(_request);
        var parsed = _reader.ReadText(bytes, "/soap12", transportAction: null, validateBody: true);
        using var view = parsed.Message ?? throw new InvalidOperationException("The request could not be read.");
        using (var buffer = new ReadAgainBuffer(_text, bytes, contentType: null, _text.Read(bytes)))
        {
            using var source = buffer.CreateMessage();
            using var outgoing = MessageBridge.ForDestination(source, WireBindings.BinaryHttp, Destination, view.Action, view.Source).Message;
            using var written = _binary.Write(outgoing);
            return written.Count;
        }
    }

    /// <summary>The destination's reply to the client: msbin1 read, mapped to the listener's binding, text written.</summary>
    [Benchmark]
    public int Reply()
    {
        var bytes = new ArraySegment<byte>(_reply);
        using var read = _binary.Read(bytes);
        using var forClient = MessageBridge.ForClient(read, WireBindings.Soap12Http, _messageId, _limits.MaxMessageSize, SoapBodySource.Msbin1(bytes, _msbin1Readers));
        using var written = _text.Write(forClient);
        return written.Count;
    }

    /// <summary>Runs <paramref name="count"/> request and reply re-encodes: the loop a profiler (callgrind) watches.</summary>
    public long Loop(int count)
    {
        long total = 0;
        for (var i = 0; i < count; i++)
        {
            total += Request() + Reply();
        }

        return total;
    }
}
