namespace Samples.Contracts;

/// <summary>
/// The bodies of the stub's operations (document/literal wrapped, DataContractSerializer), the same shape a WCF
/// service with <see cref="IEchoService"/> and <see cref="IOrderService"/> as [ServiceContract]s would use:
/// <code>
/// Echo:        &lt;Echo xmlns="http://tempuri.org/"&gt;&lt;payload&gt;EchoPayload&lt;/payload&gt;&lt;/Echo&gt;
///              &lt;EchoResponse&gt;&lt;EchoResult&gt;EchoPayload&lt;/EchoResult&gt;&lt;/EchoResponse&gt;
/// GetOrders:   &lt;GetOrders&gt;&lt;numOrders&gt;5&lt;/numOrders&gt;&lt;/GetOrders&gt;
///              &lt;GetOrdersResponse&gt;&lt;GetOrdersResult&gt;&lt;a:Order&gt;…&lt;/a:Order&gt;…&lt;/GetOrdersResult&gt;&lt;/GetOrdersResponse&gt;
/// SubmitOrder: &lt;SubmitOrder&gt;&lt;order&gt;Order&lt;/order&gt;&lt;/SubmitOrder&gt; (one-way: no reply body)
/// GetOrdersProto: &lt;GetOrdersProto&gt;&lt;numOrders&gt;5&lt;/numOrders&gt;&lt;/GetOrdersProto&gt;
///              &lt;GetOrdersProtoResponse&gt;&lt;GetOrdersProtoResult&gt;protobuf-net bytes&lt;/GetOrdersProtoResult&gt;&lt;/GetOrdersProtoResponse&gt;
/// EchoProto:   &lt;EchoProto&gt;&lt;orders&gt;protobuf-net bytes&lt;/orders&gt;&lt;/EchoProto&gt; and EchoProtoResponse/EchoProtoResult
/// </code>
/// (byte[] parts are base64 text in text XML and one bytes record in binary XML, as the DataContractSerializer writes them.)
/// Wrapper and part elements are in http://tempuri.org/; the data members in <see cref="ContractNamespaces.Data"/>.
/// </summary>
public static class OperationMessages
{
    /// <summary>Request body of Echo.</summary>
    public static readonly WrappedElement<EchoPayload> EchoRequest = new("Echo", "payload");

    /// <summary>Reply body of Echo.</summary>
    public static readonly WrappedElement<EchoPayload> EchoResponse = new("EchoResponse", "EchoResult");

    /// <summary>Request body of GetOrders.</summary>
    public static readonly WrappedElement<int> GetOrdersRequest = new("GetOrders", "numOrders");

    /// <summary>Reply body of GetOrders.</summary>
    public static readonly WrappedElement<Order[]> GetOrdersResponse = new("GetOrdersResponse", "GetOrdersResult");

    /// <summary>Request body of the one-way SubmitOrder.</summary>
    public static readonly WrappedElement<Order> SubmitOrderRequest = new("SubmitOrder", "order");

    /// <summary>Request body of IProtoOrderService.GetOrdersProto.</summary>
    public static readonly WrappedElement<int> GetOrdersProtoRequest = new("GetOrdersProto", "numOrders");

    /// <summary>Reply body of GetOrdersProto: the orders as protobuf-net bytes.</summary>
    public static readonly WrappedElement<byte[]> GetOrdersProtoResponse = new("GetOrdersProtoResponse", "GetOrdersProtoResult");

    /// <summary>Request body of IProtoOrderService.EchoProto.</summary>
    public static readonly WrappedElement<byte[]> EchoProtoRequest = new("EchoProto", "orders");

    /// <summary>Reply body of EchoProto.</summary>
    public static readonly WrappedElement<byte[]> EchoProtoResponse = new("EchoProtoResponse", "EchoProtoResult");

    /// <summary>Request body of ISessionCounter.Next (no parameters: an empty wrapper).</summary>
    public static readonly WrappedElement<int> NextRequest = new("Next", "unused");

    /// <summary>Reply body of Next.</summary>
    public static readonly WrappedElement<int> NextResponse = new("NextResponse", "NextResult");

    /// <summary>Request body of IDuplexService.Subscribe.</summary>
    public static readonly WrappedElement<int> SubscribeRequest = new("Subscribe", "count");

    /// <summary>Reply body of Subscribe.</summary>
    public static readonly WrappedElement<int> SubscribeResponse = new("SubscribeResponse", "SubscribeResult");

    /// <summary>Body of the one-way IDuplexService.StartFeed.</summary>
    public static readonly WrappedElement<int> StartFeedRequest = new("StartFeed", "count");

    /// <summary>Body of the one-way callback OnEvent.</summary>
    public static readonly WrappedElement<int> OnEventRequest = new("OnEvent", "sequence");

    /// <summary>Request body of the callback Confirm.</summary>
    public static readonly WrappedElement<int> ConfirmRequest = new("Confirm", "sent");

    /// <summary>Reply body of Confirm.</summary>
    public static readonly WrappedElement<int> ConfirmResponse = new("ConfirmResponse", "ConfirmResult");
}
