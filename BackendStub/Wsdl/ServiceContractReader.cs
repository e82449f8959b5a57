using System.Reflection;
using System.ServiceModel;

namespace BackendStub.Wsdl;

/// <summary>
/// Reads a [ServiceContract] interface the way WCF's ContractDescription does, for what a WSDL needs: names,
/// actions (WCF's defaults when not given), one-way, parameters and the result type (Task&lt;T&gt; is T's operation).
/// Reading the contract rather than writing the WSDL by hand keeps the two from drifting apart.
/// </summary>
internal static class ServiceContractReader
{
    private const string DefaultNamespace = "http://tempuri.org/";

    /// <summary>The contract <paramref name="contract"/> declares.</summary>
    public static ServiceContractInfo Read(Type contract)
    {
        ArgumentNullException.ThrowIfNull(contract);
        var attribute = contract.GetCustomAttribute<ServiceContractAttribute>()
            ?? throw new ArgumentException($"{contract.Name} is not a [ServiceContract].", nameof(contract));
        var name = attribute.Name ?? contract.Name;
        var ns = attribute.Namespace ?? DefaultNamespace;
        var operations = new List<ContractOperation>();
        foreach (var method in contract.GetMethods())
        {
            if (method.GetCustomAttribute<OperationContractAttribute>() is { } operation)
            {
                operations.Add(ReadOperation(method, operation, name, ns));
            }
        }

        return new ServiceContractInfo(name, ns, operations);
    }

    private static ContractOperation ReadOperation(MethodInfo method, OperationContractAttribute attribute, string contract, string ns)
    {
        var name = attribute.Name ?? StripAsync(method.Name);
        var action = attribute.Action ?? $"{ns.TrimEnd('/')}/{contract}/{name}";
        var returnType = ResultType(method.ReturnType);
        if (attribute.IsOneWay && returnType is not null)
        {
            throw new NotSupportedException($"One-way operation {contract}.{name} returns a value.");
        }

        var replyAction = attribute.IsOneWay ? null : attribute.ReplyAction ?? action + "Response";
        var parameters = method.GetParameters()
            .Select(parameter => new OperationPart(parameter.Name ?? throw new NotSupportedException("Unnamed parameter."), parameter.ParameterType))
            .ToList();
        return new ContractOperation(contract, name, action, replyAction, parameters, returnType);
    }

    /// <summary>The type the reply carries: none for void and Task, T for Task&lt;T&gt;, the type itself otherwise.</summary>
    private static Type? ResultType(Type returnType)
    {
        if (returnType == typeof(void) || returnType == typeof(Task) || returnType == typeof(ValueTask))
        {
            return null;
        }

        if (returnType.IsGenericType && (returnType.GetGenericTypeDefinition() == typeof(Task<>) || returnType.GetGenericTypeDefinition() == typeof(ValueTask<>)))
        {
            return returnType.GetGenericArguments()[0];
        }

        return returnType;
    }

    // WCF names a task-based operation after its method without the Async suffix.
    private static string StripAsync(string name) =>
        name.Length > 5 && name.EndsWith("Async", StringComparison.Ordinal) ? name[..^5] : name;
}
