namespace SoapRouter.Admin;

/// <summary>A queue's dead letters, oldest first (at most 1,000).</summary>
internal sealed record DeadLetterList(string Queue, IReadOnlyList<DeadLetter> DeadLetters);
