namespace SoapRouter.Fuzz.Targets;

/// <summary>How the router answered one input. The first four are the right kinds; the rest are findings.</summary>
internal enum AnswerKind
{
    /// <summary>A reply that is not a fault (the input was still a valid request): HTTP 2xx, or net.tcp envelopes.</summary>
    Reply,

    /// <summary>A SOAP fault: HTTP 500 with a SOAP body.</summary>
    Fault,

    /// <summary>An HTTP refusal: 4xx, or 503 (busy), with no stack trace or path in it.</summary>
    Refusal,

    /// <summary>net.tcp: a framing Fault record, or the connection closed (or reset) by the router without one.</summary>
    FramingFaultOrClose,

    /// <summary>An answer of the wrong kind: another 5xx, a 500 that is not a SOAP fault, a leak, bytes that are not [MC-NMF] records.</summary>
    WrongKind,

    /// <summary>No answer (HTTP) or no close after our end (net.tcp) within the hang limit.</summary>
    Hang,

    /// <summary>HTTP: the connection dropped with no response.</summary>
    Dropped,
}

/// <summary>One classified answer, with a few words on what came.</summary>
/// <param name="Kind">The class.</param>
/// <param name="Detail">Status code, record types or the exception's type.</param>
internal readonly record struct Answer(AnswerKind Kind, string Detail)
{
    /// <summary>True for the classes a hostile input may get.</summary>
    public bool IsRightKind => Kind is AnswerKind.Reply or AnswerKind.Fault or AnswerKind.Refusal or AnswerKind.FramingFaultOrClose;
}
