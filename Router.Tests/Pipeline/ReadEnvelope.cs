namespace SoapRouter.Tests.Pipeline;

/// <summary>A SOAP message read back for assertions: its addressing headers and its body's XML, or a fault's reason.</summary>
internal sealed record ReadEnvelope(string? Action, string? To, string? MessageId, string? RelatesTo, bool IsFault, string Body);
