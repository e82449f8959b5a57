using System.Globalization;
using System.Text;
using Samples.Contracts;
using Samples.Payloads;

namespace SoapRouter.Benchmarks;

/// <summary>
/// A SOAP 1.2 request carrying a batch of orders from the Samples payload generator (many small elements, as a
/// DataContractSerializer body has), with the WS-Addressing headers a WCF client sends.
/// </summary>
internal sealed class OrderBatchMessage
{
    /// <summary>The action the message carries in wsa:Action.</summary>
    public const string Action = "http://tempuri.org/IOrderService/SubmitOrders";

    /// <summary>The body wrapper's namespace (the service contract's).</summary>
    public const string ServiceNs = ContractNamespaces.Service;

    /// <summary>The orders' namespace (the data contracts').</summary>
    public const string DataNs = ContractNamespaces.Data;

    private OrderBatchMessage(byte[] bytes, int firstCustomerId, int lastCustomerId, int orderCount)
    {
        Bytes = bytes;
        FirstCustomerId = firstCustomerId;
        LastCustomerId = lastCustomerId;
        OrderCount = orderCount;
    }

    /// <summary>The encoded envelope (UTF-8).</summary>
    public byte[] Bytes { get; }

    /// <summary>CustomerID of the first order: an XPath on it is decided near the start of the body.</summary>
    public int FirstCustomerId { get; }

    /// <summary>CustomerID of the last order: an XPath on it is decided only at the end of the body.</summary>
    public int LastCustomerId { get; }

    /// <summary>How many orders the body holds.</summary>
    public int OrderCount { get; }

    /// <summary>A message of about <paramref name="approximateBytes"/>, the same for a given size on every run.</summary>
    public static OrderBatchMessage Create(int approximateBytes)
    {
        var orders = new PayloadGenerator(PayloadProfile.Compressible, seed: 7).CreateOrders(approximateBytes, PayloadEncoding.TextXml);
        var array = Encoding.UTF8.GetString(PayloadSerializer.Serialize(orders, PayloadEncoding.TextXml));

        // The serializer writes no XML declaration today; strip one anyway, since it cannot appear inside a body.
        array = array[array.IndexOf("<ArrayOfOrder", StringComparison.Ordinal)..];
        var envelope = string.Create(CultureInfo.InvariantCulture, $"""
            <s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing"><s:Header><a:Action s:mustUnderstand="1">{Action}</a:Action><a:MessageID>urn:uuid:6f1c1c1e-3a55-4a8e-9a57-5c3e0d1b2a10</a:MessageID><a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo><a:To s:mustUnderstand="1">http://127.0.0.1:8080/router/soap12</a:To></s:Header><s:Body><SubmitOrders xmlns="{ServiceNs}">{array}</SubmitOrders></s:Body></s:Envelope>
            """);
        return new OrderBatchMessage(Encoding.UTF8.GetBytes(envelope), orders[0].CustomerId, orders[^1].CustomerId, orders.Length);
    }
}
