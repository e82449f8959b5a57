namespace SoapRouter.Health;

/// <summary>An ejection the outlier detector just decided, for the one log line that says why.</summary>
/// <param name="Duration">How long the destination is out.</param>
/// <param name="Reason">Why, in a phrase ("5 failed or slow attempts in a row").</param>
internal readonly record struct OutlierEjection(TimeSpan Duration, string Reason);
