using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// How forwarding one message ended: the reply (normal or fault) or the final error, and the destinations tried.
/// A value; the common one-attempt case allocates nothing for the attempt list.
/// </summary>
/// <typeparam name="T">The reply type.</typeparam>
/// <param name="reply">The reply, for <see cref="ForwardError.None"/> and <see cref="ForwardError.BackendFault"/>.</param>
/// <param name="error">The final outcome.</param>
/// <param name="destination">The last destination tried; null when none was tried.</param>
/// <param name="log">The attempts when there were several (null: at most one, which is (destination, error)).</param>
/// <param name="logCount">How many of <paramref name="log"/>'s entries are attempts.</param>
internal readonly struct ForwardResult<T>(T? reply, ForwardError error, DestinationState? destination, ForwardAttempt[]? log = null, int logCount = 0)
{
    // Null when at most one attempt was made: that attempt is (Destination, Error).
    private readonly ForwardAttempt[]? _log = log;
    private readonly int _logCount = log is null ? 0 : logCount;

    /// <summary>The reply, for <see cref="ForwardError.None"/> and <see cref="ForwardError.BackendFault"/>; default otherwise.</summary>
    public T? Reply { get; } = reply;

    /// <summary>The final outcome.</summary>
    public ForwardError Error { get; } = error;

    /// <summary>The last destination tried (the one that answered, when one did); null when none was tried.</summary>
    public DestinationState? Destination { get; } = destination;

    /// <summary>True when a destination answered normally.</summary>
    public bool IsSuccess => Error == ForwardError.None;

    /// <summary>True when there is a reply to return to the client (a normal reply or a backend's fault).</summary>
    public bool HasReply => Error is ForwardError.None or ForwardError.BackendFault;

    /// <summary>How many destinations were tried.</summary>
    public int AttemptCount => _log is not null ? _logCount : Destination is null ? 0 : 1;

    /// <summary>The attempt at <paramref name="index"/>, in the order they were made.</summary>
    public ForwardAttempt GetAttempt(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, AttemptCount);
        return _log is not null ? _log[index] : new ForwardAttempt(Destination!, Error);
    }

    /// <summary>Every attempt in order; builds a new array, so meant for logs and tests rather than the hot path.</summary>
    public IReadOnlyList<ForwardAttempt> Attempts
    {
        get
        {
            var attempts = new ForwardAttempt[AttemptCount];
            for (var i = 0; i < attempts.Length; i++)
            {
                attempts[i] = GetAttempt(i);
            }

            return attempts;
        }
    }
}
