namespace SoapRouter.Forwarding;

/// <summary>What one send to one destination produced: a reply, a fault reply, or an error.</summary>
/// <typeparam name="T">The reply type (a message, a buffer).</typeparam>
internal readonly struct AttemptResult<T>
{
    private AttemptResult(T? reply, ForwardError error)
    {
        Reply = reply;
        Error = error;
    }

    /// <summary>The reply; set for <see cref="ForwardError.None"/> and <see cref="ForwardError.BackendFault"/>.</summary>
    public T? Reply { get; }

    /// <summary>How the attempt ended.</summary>
    public ForwardError Error { get; }

    /// <summary>The destination answered normally.</summary>
    public static AttemptResult<T> Success(T reply) => new(reply, ForwardError.None);

    /// <summary>The destination answered with a SOAP fault, to be passed through as is.</summary>
    public static AttemptResult<T> Fault(T faultReply) => new(faultReply, ForwardError.BackendFault);

    /// <summary>The attempt failed without a usable reply.</summary>
    public static AttemptResult<T> Failed(ForwardError error) =>
        error is ForwardError.None or ForwardError.BackendFault
            ? throw new ArgumentOutOfRangeException(nameof(error), error, "Use Success or Fault for replies.")
            : new(default, error);
}
