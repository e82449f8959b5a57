using System.Net;
using System.Text;
using System.Xml;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>
/// A raw SOAP 1.1 request whose body names a type in element text (<c>&lt;type&gt;ns:Thing&lt;/type&gt;</c>) with a
/// prefix declared only on the Envelope, through the real router to a SOAP 1.2 destination (text or msbin1) on a real
/// Kestrel backend, and the backend's SOAP 1.2 answer of the same shape back to the SOAP 1.1 client: each end resolves
/// <c>ns:Thing</c> to <c>{urn:x}Thing</c>.
/// </summary>
public sealed class TextQNameThroughRouterTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    private static readonly byte[] Request = Encoding.UTF8.GetBytes(
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:ns=\"urn:x\">"
        + "<soap:Body><Op xmlns=\"urn:svc\"><type>ns:Thing</type></Op></soap:Body></soap:Envelope>");

    private static readonly byte[] Reply12 = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\" xmlns:r=\"urn:reply\">"
        + "<s:Header><a:Action s:mustUnderstand=\"1\">urn:echoResponse</a:Action></s:Header>"
        + "<s:Body><OpResponse xmlns=\"urn:svc\"><type>r:Answer</type></OpResponse></s:Body></s:Envelope>");

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public async Task Soap11TextRequest_ToSoap12Destination_BackendAndClientResolveTheEnvelopesPrefixInText(string destination)
    {
        var binary = destination == WireBindingNames.BinaryHttp;
        var reply = binary ? SoapMessages.ToMsbin1(Reply12) : Reply12;
        await using var backend = await RecordingBackend.StartAsync(
            RecordingBackend.Replies(200, binary ? SoapMessages.Msbin1ContentType : SoapMessages.Soap12ContentType, reply));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(destination, [backend.Address()])));
        using var request = SoapMessages.Request(router.Address("basic"), "basic", Request);

        using var response = await Client.SendAsync(request);

        var answer = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"{response.StatusCode}: {answer}");
        var received = Assert.Single(backend.Requests);
        var atBackend = binary ? SoapMessages.Msbin1ToText(received.Body) : Encoding.UTF8.GetString(received.Body);
        Assert.Contains("http://www.w3.org/2003/05/soap-envelope", atBackend, StringComparison.Ordinal);
        Assert.Equal(("urn:x", "Thing"), ResolveTypeText(atBackend));
        Assert.Contains("http://schemas.xmlsoap.org/soap/envelope/", answer, StringComparison.Ordinal);
        Assert.Equal(("urn:reply", "Answer"), ResolveTypeText(answer));
        Assert.Equal(1, router.Statistics.Snapshot().Paths.Reencoded.Messages);
    }

    /// <summary>The text of the element type (urn:svc) as a QName, its prefix looked up where the element stands.</summary>
    private static (string? Namespace, string LocalName) ResolveTypeText(string envelope)
    {
        using var reader = XmlReader.Create(new StringReader(envelope));
        while (reader.Read())
        {
            if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "type" && reader.NamespaceURI == "urn:svc")
            {
                reader.Read();
                var qname = reader.Value;
                var colon = qname.IndexOf(':', StringComparison.Ordinal);
                return (reader.LookupNamespace(qname[..colon]), qname[(colon + 1)..]);
            }
        }

        throw new Xunit.Sdk.XunitException("no type element in " + envelope);
    }
}
