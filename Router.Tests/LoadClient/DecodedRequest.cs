using System.ServiceModel.Channels;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.LoadClient;

/// <summary>A request body as the Wire codec reads it back: its addressing headers and the operation's argument.</summary>
/// <param name="Action">wsa:Action (null on basicHttp, whose action travels as SOAPAction).</param>
/// <param name="To">wsa:To, or null.</param>
/// <param name="MessageId">wsa:MessageID as text, or null.</param>
/// <param name="ReplyToAnonymous">Null without wsa:ReplyTo; else whether it is the anonymous address.</param>
/// <param name="Operation">The body's wrapper element: Echo, GetOrders or SubmitOrder.</param>
/// <param name="Argument">The operation's argument read with <see cref="OperationMessages"/>.</param>
internal sealed record DecodedRequest(string? Action, Uri? To, string? MessageId, bool? ReplyToAnonymous, string Operation, object? Argument)
{
    private static readonly WireLimits Limits = WireLimits.ForSize(64 * 1024 * 1024);

    /// <summary>Reads <paramref name="body"/> with <paramref name="binding"/>'s codec; throws what WCF's readers throw on bad input.</summary>
    public static DecodedRequest Read(WireBinding binding, byte[] body, string? contentType = null)
    {
        var codec = binding.CreateCodec(Limits);
        using var message = codec.Read(new ArraySegment<byte>(body), contentType);
        return From(message);
    }

    /// <summary>Reads the headers and body of <paramref name="message"/> (its body can be read once).</summary>
    public static DecodedRequest From(Message message)
    {
        var headers = message.Headers;
        using var reader = message.GetReaderAtBodyContents();
        reader.MoveToContent();
        var operation = reader.LocalName;
        object? argument = operation switch
        {
            "Echo" => OperationMessages.EchoRequest.Read(reader),
            "GetOrders" => OperationMessages.GetOrdersRequest.Read(reader),
            "SubmitOrder" => OperationMessages.SubmitOrderRequest.Read(reader),
            _ => throw new InvalidOperationException($"Unexpected body element '{operation}'."),
        };
        return new DecodedRequest(headers.Action, headers.To, headers.MessageId?.ToString(), headers.ReplyTo?.IsAnonymous, operation, argument);
    }
}
