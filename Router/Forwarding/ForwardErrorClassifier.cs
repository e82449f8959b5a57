using System.Net.Sockets;

namespace SoapRouter.Forwarding;

/// <summary>
/// Maps the exceptions transports throw to <see cref="ForwardError"/>. Cold path: it runs only when an attempt
/// failed. Whether the request was already written is known only to the caller, so it is passed in.
/// </summary>
internal static class ForwardErrorClassifier
{
    /// <summary>
    /// Classifies <paramref name="exception"/>. <paramref name="requestSent"/>: the request (or part of it) had been
    /// written when it failed. <paramref name="timeoutFired"/>: the router's own attempt timeout had fired, so a
    /// cancellation means a timeout rather than the client going away.
    /// </summary>
    public static ForwardError Classify(Exception exception, bool requestSent, bool timeoutFired = false)
    {
        ArgumentNullException.ThrowIfNull(exception);
        switch (exception)
        {
            case OperationCanceledException canceled:
                // HttpClient reports its own Timeout as a TaskCanceledException wrapping a TimeoutException.
                return timeoutFired || canceled.InnerException is TimeoutException
                    ? Timeout(requestSent)
                    : ForwardError.Cancelled;
            case System.Security.Authentication.AuthenticationException
                or System.ServiceModel.Security.SecurityNegotiationException
                or System.IdentityModel.Tokens.SecurityTokenValidationException:
                // The handshake failed before a byte of the request went out, whatever the caller believed.
                return ForwardError.TlsFailed;
            case SocketException socket:
                return FromSocketError(socket.SocketErrorCode, requestSent);
            case HttpRequestException http:
                return FromHttpRequest(http, requestSent, timeoutFired);
            case TimeoutException:
                return Timeout(requestSent);
            case System.ServiceModel.CommunicationObjectFaultedException or System.ServiceModel.CommunicationObjectAbortedException or ObjectDisposedException:
                // A WCF channel that was already dead when used.
                return Reset(requestSent);
            case System.ServiceModel.CommunicationException communication:
                // WCF's net.tcp channels wrap the socket's error (EndpointNotFoundException for a refused connect).
                return communication.InnerException is { } cause && Classify(cause, requestSent, timeoutFired) is var fromCause
                    && fromCause != ForwardError.Unexpected
                        ? fromCause
                        : Reset(requestSent);
            case IOException io:
                // A closed or reset stream usually wraps the SocketException that says which.
                return io.InnerException is SocketException inner
                    ? FromSocketError(inner.SocketErrorCode, requestSent)
                    : Reset(requestSent);
            default:
                return ForwardError.Unexpected;
        }
    }

    private static ForwardError FromHttpRequest(HttpRequestException http, bool requestSent, bool timeoutFired)
    {
        if (http.InnerException is { } inner)
        {
            var fromInner = Classify(inner, requestSent, timeoutFired);
            if (fromInner != ForwardError.Unexpected)
            {
                return fromInner;
            }
        }

        return http.HttpRequestError switch
        {
            HttpRequestError.SecureConnectionError => ForwardError.TlsFailed,
            HttpRequestError.NameResolutionError => ForwardError.ConnectionRefused,
            HttpRequestError.ConnectionError => requestSent ? ForwardError.ResetAfterSend : ForwardError.ConnectionRefused,
            HttpRequestError.ResponseEnded => Reset(requestSent),
            HttpRequestError.InvalidResponse or HttpRequestError.ConfigurationLimitExceeded => ForwardError.ResponseInvalid,
            _ => ForwardError.Unexpected,
        };
    }

    private static ForwardError FromSocketError(SocketError error, bool requestSent) => error switch
    {
        // These happen while connecting, so the request never left, whatever the caller believed.
        SocketError.ConnectionRefused or SocketError.HostNotFound or SocketError.HostUnreachable
            or SocketError.NetworkUnreachable or SocketError.AddressNotAvailable or SocketError.TryAgain
            or SocketError.NoData => ForwardError.ConnectionRefused,
        SocketError.TimedOut => Timeout(requestSent),
        SocketError.ConnectionReset or SocketError.ConnectionAborted or SocketError.Shutdown
            or SocketError.NotConnected or SocketError.NetworkReset or SocketError.OperationAborted => Reset(requestSent),
        _ => requestSent ? ForwardError.ResetAfterSend : ForwardError.ResetBeforeSend,
    };

    private static ForwardError Timeout(bool requestSent) => requestSent ? ForwardError.RequestTimeout : ForwardError.ConnectTimeout;

    private static ForwardError Reset(bool requestSent) => requestSent ? ForwardError.ResetAfterSend : ForwardError.ResetBeforeSend;
}
