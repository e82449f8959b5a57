namespace BackendStub.Hosting;

/// <summary>Whether request number <paramref name="RequestNumber"/> (1-based) is to be answered with a fault.</summary>
/// <param name="RequestNumber">The request's position in the order requests reached the injector.</param>
/// <param name="IsFault">True when the request gets a SOAP fault.</param>
public readonly record struct FaultDecision(long RequestNumber, bool IsFault);
