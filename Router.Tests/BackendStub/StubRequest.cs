using System.Net.Http.Headers;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub;

/// <summary>A SOAP request ready to send: the encoded envelope with the HTTP headers its binding needs.</summary>
/// <param name="Binding">The binding the envelope is encoded for.</param>
/// <param name="Body">The envelope's bytes.</param>
/// <param name="ContentType">The Content-Type header value.</param>
/// <param name="SoapAction">The SOAPAction header value (quoted) on basicHttp; null on the other bindings.</param>
/// <param name="MessageId">The wsa:MessageID on soap12/binary (replies carry it in wsa:RelatesTo); null on basicHttp.</param>
internal sealed record StubRequest(WireBinding Binding, byte[] Body, string ContentType, string? SoapAction, string? MessageId)
{
    /// <summary>An HTTP POST of this request to <paramref name="address"/>, headers as given (no reformatting).</summary>
    public HttpRequestMessage ToHttpRequest(Uri address)
    {
        var content = new ByteArrayContent(Body);
        content.Headers.TryAddWithoutValidation("Content-Type", ContentType);
        var message = new HttpRequestMessage(HttpMethod.Post, address) { Content = content };
        if (SoapAction is not null)
        {
            message.Headers.TryAddWithoutValidation("SOAPAction", SoapAction);
        }

        message.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("*/*"));
        return message;
    }
}
