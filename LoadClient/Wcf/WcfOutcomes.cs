using System.Net.Sockets;
using System.ServiceModel;
using LoadClient.Driving;

namespace LoadClient.Wcf;

/// <summary>What a failed WCF call counts as. Cold path: it runs only when a call threw.</summary>
internal static class WcfOutcomes
{
    /// <summary>True for the exceptions a call fails with; anything else is a bug and is left to surface.</summary>
    public static bool IsCallFailure(Exception exception) => exception is CommunicationException or TimeoutException;

    /// <summary>
    /// A FaultException is a fault; a TimeoutException a timeout; any other CommunicationException a communication
    /// error. Once the run is stopped, a call cut short by aborting its channel is not counted.
    /// </summary>
    public static SendResult Classify(Exception exception, bool stopped)
    {
        ArgumentNullException.ThrowIfNull(exception);
        if (exception is FaultException)
        {
            return new SendResult(RequestOutcome.Fault, 0, 0, 0);
        }

        if (stopped)
        {
            return new SendResult(RequestOutcome.Canceled, 0, 0, 0);
        }

        var outcome = exception is TimeoutException ? RequestOutcome.Timeout : RequestOutcome.CommunicationError;
        return new SendResult(outcome, 0, 0, 0, ErrorType(exception), Detail: exception.Message);
    }

    /// <summary>
    /// The exception's type, with the transport cause when one is wrapped: WCF reports a refused HTTP connection as a
    /// bare CommunicationException, and only the HttpRequestException or SocketException inside says why.
    /// </summary>
    public static string ErrorType(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        for (var inner = exception.InnerException; inner is not null; inner = inner.InnerException)
        {
            switch (inner)
            {
                case SocketException socket:
                    return $"{exception.GetType().Name}({nameof(SocketException)}:{socket.SocketErrorCode})";
                case HttpRequestException { HttpRequestError: not HttpRequestError.Unknown } http when http.InnerException is not SocketException:
                    return $"{exception.GetType().Name}({nameof(HttpRequestException)}:{http.HttpRequestError})";
            }
        }

        return exception.GetType().Name;
    }
}
