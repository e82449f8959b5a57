using System.ServiceModel.Channels;

namespace SoapRouter.Reencoding;

/// <summary>A request made for one destination by the re-encode path: the message to encode and the HTTP action that goes with it.</summary>
/// <param name="Message">The message in the destination's version, To set; the caller writes and closes it.</param>
/// <param name="SoapAction">The SOAPAction header value for basicHttp destinations (quoted); null otherwise.</param>
internal sealed record OutgoingRequest(Message Message, string? SoapAction);
