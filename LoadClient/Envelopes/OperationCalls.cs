using System.Runtime.Serialization;
using System.Xml;
using Samples.Contracts;
using Samples.Payloads;
using LoadClient.CommandLine;

namespace LoadClient.Envelopes;

/// <summary>The BackendStub calls the client can make, with payloads from the stub's own generator.</summary>
internal static class OperationCalls
{
    /// <summary>Seed of every generated payload: the stub's default, so both ends produce the same data.</summary>
    public const int PayloadSeed = 1;

    /// <summary>The call <paramref name="options"/> asks for, its payload sized for <paramref name="encoding"/>.</summary>
    public static OperationCall For(LoadOptions options, PayloadEncoding encoding)
    {
        ArgumentNullException.ThrowIfNull(options);
        var generator = new PayloadGenerator(options.Profile, PayloadSeed);
        return options.Operation switch
        {
            LoadOperation.Echo => Echo(generator.CreateEcho(options.EchoSize, encoding)),
            LoadOperation.GetOrders => GetOrders(options.OrderCount),
            LoadOperation.SubmitOrder => SubmitOrder(generator.GetOrders(1)[0]),
            _ => throw new ArgumentOutOfRangeException(nameof(options), options.Operation, "Unknown operation."),
        };
    }

    /// <summary>IEchoService.Echo(EchoPayload payload).</summary>
    public static OperationCall Echo(EchoPayload payload) =>
        new("Echo", EchoServiceActions.Echo, OneWay: false, writer => Parameter(writer, "payload", payload));

    /// <summary>IOrderService.GetOrders(int count).</summary>
    public static OperationCall GetOrders(int count) =>
        new("GetOrders", OrderServiceActions.GetOrders, OneWay: false, writer =>
        {
            writer.WriteStartElement("count", ContractNamespaces.Service);
            writer.WriteValue(count);
            writer.WriteEndElement();
        });

    /// <summary>IOrderService.SubmitOrder(Order order), one-way.</summary>
    public static OperationCall SubmitOrder(Order order) =>
        new("SubmitOrder", OrderServiceActions.SubmitOrder, OneWay: true, writer => Parameter(writer, "order", order));

    // A parameter is its data contract written under the parameter's name in the service namespace.
    private static void Parameter<T>(XmlDictionaryWriter writer, string name, T value) =>
        new DataContractSerializer(typeof(T), name, ContractNamespaces.Service).WriteObject(writer, value);
}
