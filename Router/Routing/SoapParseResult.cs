using System.Diagnostics.CodeAnalysis;

namespace SoapRouter.Routing;

/// <summary>The outcome of reading an envelope: a message view, or an error kind with a message safe to show a client.</summary>
internal readonly struct SoapParseResult
{
    private SoapParseResult(SoapMessageView? message, SoapParseErrorKind error)
    {
        Message = message;
        Error = error;
    }

    /// <summary>The message when reading succeeded; the caller owns it and disposes it.</summary>
    public SoapMessageView? Message { get; }

    /// <summary>Why reading failed; <see cref="SoapParseErrorKind.None"/> on success.</summary>
    public SoapParseErrorKind Error { get; }

    /// <summary>True when <see cref="Message"/> is set.</summary>
    [MemberNotNullWhen(true, nameof(Message))]
    public bool Succeeded => Message is not null;

    /// <summary>
    /// A fixed description of <see cref="Error"/>. It never carries parser text, because that can quote the
    /// client's input or name the router's internals.
    /// </summary>
    public string? ErrorMessage => Describe(Error);

    /// <summary>A successful result.</summary>
    public static SoapParseResult Success(SoapMessageView message) => new(message, SoapParseErrorKind.None);

    /// <summary>A failed result.</summary>
    public static SoapParseResult Failure(SoapParseErrorKind error) => new(null, error);

    /// <summary>The fixed, client-safe description of an error kind.</summary>
    public static string? Describe(SoapParseErrorKind error) => error switch
    {
        SoapParseErrorKind.None => null,
        SoapParseErrorKind.MalformedXml => "The message is not well-formed XML.",
        SoapParseErrorKind.NotSoapEnvelope => "The message is not a SOAP 1.1 or SOAP 1.2 envelope.",
        SoapParseErrorKind.MissingBody => "The SOAP envelope has no Body.",
        SoapParseErrorKind.QuotaExceeded => "The message exceeds the router's XML reader quotas.",
        _ => "The message could not be read.",
    };
}
