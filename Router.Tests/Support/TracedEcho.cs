using System.ServiceModel;
using System.ServiceModel.Channels;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Support;

/// <summary>Echo calls from a stock WCF client that carry a W3C traceparent, as an instrumented caller would.</summary>
internal static class TracedEcho
{
    /// <summary>The namespace of the traceparent SOAP header the tests configure for net.tcp.</summary>
    public const string HeaderNamespace = SoapRouter.Wire.Tracing.TraceParentSoapHeader.DefaultNamespace;

    /// <summary>
    /// One Echo call carrying <paramref name="traceParent"/>: the HTTP header on HTTP bindings, the SOAP header
    /// (<see cref="HeaderNamespace"/>) on net.tcp. The call starts inside the operation scope and is awaited outside it
    /// (the scope is bound to its thread).
    /// </summary>
    public static Task<EchoPayload> CallAsync(StubWcfClient<IEchoService> client, WireBinding binding, string traceParent, string text)
    {
        Task<EchoPayload> call;
        using (new OperationContextScope((IContextChannel)client.Channel))
        {
            if (binding.IsSession)
            {
                OperationContext.Current.OutgoingMessageHeaders.Add(MessageHeader.CreateHeader("traceparent", HeaderNamespace, traceParent));
            }
            else
            {
                var http = new HttpRequestMessageProperty();
                http.Headers["traceparent"] = traceParent;
                OperationContext.Current.OutgoingMessageProperties[HttpRequestMessageProperty.Name] = http;
            }

            call = client.Channel.EchoAsync(new EchoPayload { Text = text });
        }

        return call;
    }
}
