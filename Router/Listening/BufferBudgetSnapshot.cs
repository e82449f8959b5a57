namespace SoapRouter.Listening;

/// <summary>The request-body budget at one moment (GET /stats <c>buffers</c>).</summary>
/// <param name="LimitBytes">limits.maxBufferedBytes in force (or its default, from the memory the process may use).</param>
/// <param name="InUseBytes">Bytes reserved by messages in flight.</param>
/// <param name="Refused">Messages answered 503 because their bytes did not fit in time.</param>
/// <param name="ContainerMemoryBytes">The container's memory limit, or null outside a container.</param>
internal sealed record BufferBudgetSnapshot(long LimitBytes, long InUseBytes, long Refused, long? ContainerMemoryBytes);
