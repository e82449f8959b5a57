using System.ServiceModel.Channels;
using LoadClient.Driving;
using LoadClient.Wcf;

namespace LoadClient.Envelopes;

/// <summary>
/// One call of a sample contract, in both of the client's forms: the body WCF writes for it (the raw mode's template)
/// and the contract method a WCF client calls.
/// </summary>
/// <param name="Name">The operation's name, which also names the body's wrapper element.</param>
/// <param name="Action">The request's SOAP action.</param>
/// <param name="OneWay">The operation has no reply.</param>
/// <param name="Body">Writes the request body (document/literal wrapped, DataContractSerializer); buffered, so it can be written more than once.</param>
/// <param name="CreateWcfTarget">The WCF mode's target: a channel factory of the contract, calling the method with the same argument.</param>
internal sealed record OperationCall(string Name, string Action, bool OneWay, BodyWriter Body, Func<WcfEndpoint, ILoadTarget> CreateWcfTarget);
