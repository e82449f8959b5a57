using System.ServiceModel.Channels;

namespace LoadClient.Envelopes;

/// <summary>One call of a sample contract: its action, whether a reply comes back, and its body as WCF writes it.</summary>
/// <param name="Name">The operation's name, which also names the body's wrapper element.</param>
/// <param name="Action">The request's SOAP action.</param>
/// <param name="OneWay">The operation has no reply.</param>
/// <param name="Body">Writes the request body (document/literal wrapped, DataContractSerializer); buffered, so it can be written more than once.</param>
internal sealed record OperationCall(string Name, string Action, bool OneWay, BodyWriter Body);
