using System.Net.Sockets;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.Xml;

namespace SoapRouter.Wire.Errors;

/// <summary>
/// The one place that tells bad input from a peer's failure from our own bug by the exception thrown. Cold path: it runs
/// only in catch filters. Which peer is to blame (the client or a destination) is the caller's to know.
/// </summary>
/// <remarks>
/// WCF reports both bad content (Message: body missing, version unknown) and dead channels through
/// <see cref="CommunicationException"/>, so that type is in both <see cref="IsBadInput"/> and
/// <see cref="IsConnectionFailure"/>: a caller reading or writing a message in memory asks the first, a caller talking to
/// a peer the second (or <see cref="IsPeerFailure"/>, when the peer's bytes are read there too).
/// </remarks>
public static class ErrorClassifier
{
    /// <summary>
    /// What <paramref name="exception"/> blames. A dead WCF channel, or a CommunicationException that wraps a socket, I/O or
    /// timeout error, is a connection failure; any other CommunicationException is bad input.
    /// </summary>
    public static ErrorKind Classify(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        if (exception is OperationCanceledException)
        {
            return ErrorKind.Cancelled;
        }

        if (IsDeadChannel(exception))
        {
            return ErrorKind.ConnectionFailed;
        }

        if (IsBadInput(exception))
        {
            return ErrorKind.BadInput;
        }

        return IsConnectionFailure(exception) ? ErrorKind.ConnectionFailed : ErrorKind.Bug;
    }

    /// <summary>
    /// True for what reading, writing or parsing a message throws on input the router should refuse: malformed XML (the
    /// UTF-8 reader also throws ArgumentException on some malformed names, and decoding DecoderFallbackException), a quota
    /// or size limit, an invalid header value (a bad URI or MessageID), WCF's message-level CommunicationException, corrupt
    /// compressed data, a message cut short. The fuzz tests keep this list honest.
    /// </summary>
    public static bool IsBadInput(Exception exception) => exception is XmlException
        or CommunicationException
        or QuotaExceededException
        or SerializationException
        or FormatException
        or ArgumentException
        or InvalidDataException
        or EndOfStreamException;

    /// <summary>
    /// True for what a connection to a peer throws when the peer or the network fails: socket and I/O errors, HttpClient's,
    /// a timeout, WCF's channel errors (which wrap the socket's), and a stream or channel closed under the call.
    /// </summary>
    public static bool IsConnectionFailure(Exception exception) => exception is IOException
        or SocketException
        or HttpRequestException
        or TimeoutException
        or CommunicationException
        or ObjectDisposedException;

    /// <summary>
    /// True for what a read or write on a connection throws once the peer went away or the connection was closed under
    /// the call: a connection failure, a cancellation, or InvalidOperationException (a pipe already completed, a WCF
    /// channel no longer open). Only for calls on a connection: elsewhere InvalidOperationException is a bug.
    /// </summary>
    public static bool IsConnectionClosed(Exception exception) =>
        IsConnectionFailure(exception) || exception is OperationCanceledException or InvalidOperationException;

    /// <summary>True for anything a peer can cause, over the connection or in the bytes it sent; false for bugs and cancellation.</summary>
    public static bool IsPeerFailure(Exception exception) => IsConnectionFailure(exception) || IsBadInput(exception);

    /// <summary>True unless <paramref name="exception"/> is a bug: a peer's failure or a cancellation.</summary>
    public static bool IsExpected(Exception exception) => Classify(exception) != ErrorKind.Bug;

    /// <summary>
    /// True for what reading a file the operator gave (router.json, a certificate, a cgroup file) throws when it is missing,
    /// unreadable or changing under the read: not a peer, not a bug, a problem to report and retry.
    /// </summary>
    public static bool IsFileAccessFailure(Exception exception) => exception is IOException or UnauthorizedAccessException;

    /// <summary>True when <paramref name="exception"/> says a message was over a size limit.</summary>
    public static bool IsTooLarge(Exception exception) =>
        exception is QuotaExceededException || exception.InnerException is QuotaExceededException;

    /// <summary>A WCF channel that was already dead, not found, or refused us; or WCF's wrapper around a transport error.</summary>
    private static bool IsDeadChannel(Exception exception) => exception
        is CommunicationObjectFaultedException
        or CommunicationObjectAbortedException
        or EndpointNotFoundException
        or ServerTooBusyException
        || exception is CommunicationException { InnerException: IOException or SocketException or TimeoutException or HttpRequestException };
}
