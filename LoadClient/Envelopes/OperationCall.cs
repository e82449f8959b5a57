using System.Xml;

namespace LoadClient.Envelopes;

/// <summary>
/// The body of one call in WCF's document/literal wrapped style: an element named after the operation in the
/// service namespace, holding one element per parameter.
/// </summary>
/// <param name="Name">The operation, which names the wrapper element.</param>
/// <param name="Action">The request's SOAP action.</param>
/// <param name="OneWay">The operation has no reply.</param>
/// <param name="WriteParameters">Writes the parameter elements inside the wrapper.</param>
internal sealed record OperationCall(string Name, string Action, bool OneWay, Action<XmlDictionaryWriter> WriteParameters);
