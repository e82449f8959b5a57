namespace SoapRouter.Telemetry;

/// <summary>Fault counts by <see cref="FaultKind"/> at one moment.</summary>
/// <param name="NoRoute">No route matched.</param>
/// <param name="BackendFault">The backend answered with a fault.</param>
/// <param name="BackendUnavailable">No destination answered.</param>
/// <param name="BadRequest">The message was unusable.</param>
internal sealed record FaultsSnapshot(long NoRoute, long BackendFault, long BackendUnavailable, long BadRequest);
