namespace SoapRouter.Metadata;

/// <summary>An operation of a WSDL port type, as the router needs to know it.</summary>
/// <param name="PortType">The port type's name (the WCF contract).</param>
/// <param name="Name">The operation's name.</param>
/// <param name="IsOneWay">True for an input with no output: the service sends nothing back.</param>
/// <param name="Actions">
/// The actions its input arrives with: wsaw:Action (or wsam:, or the 2004/08 wsa:) on the input, the soapAction of
/// every SOAP binding of the operation, or WS-Addressing's default action when neither is written.
/// </param>
internal sealed record WsdlOperation(string PortType, string Name, bool IsOneWay, IReadOnlyList<string> Actions);
