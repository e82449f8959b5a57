namespace SoapRouter.Queues;

/// <summary>What one queue holds now: messages waiting, their bytes, the oldest one's arrival (Unix ms; 0: none), dead letters.</summary>
internal readonly record struct QueueDepth(long Messages, long Bytes, long OldestEnqueuedAt, long DeadLetters);
