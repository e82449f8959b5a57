namespace SoapRouter.Pipeline;

/// <summary>
/// Where one message's outcome goes: the first record fills it, and any later one for the same message (an error while
/// its answer was being written, after it was counted) is not a second outcome. Made by <see cref="OutcomeRecorder.BeginMessage"/>.
/// </summary>
internal sealed class OutcomeSlot
{
    private int _filled;

    /// <summary>True the first time only: the caller records the outcome.</summary>
    public bool TryFill() => Interlocked.Exchange(ref _filled, 1) == 0;
}
