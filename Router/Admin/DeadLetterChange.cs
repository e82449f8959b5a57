namespace SoapRouter.Admin;

/// <summary>What a replay or a purge did: how many dead letters it took.</summary>
internal sealed record DeadLetterChange(string Queue, int Count);
