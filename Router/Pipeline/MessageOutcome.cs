using SoapRouter.Telemetry;

namespace SoapRouter.Pipeline;

/// <summary>
/// How one message ended, as a value: the fault it ended with (a backend's SOAP fault included), the forwarding path it
/// took, the bytes exchanged with its client, and what the pipeline learnt of it (action, route). Made where the message
/// ends and counted by <see cref="OutcomeRecorder"/>, once.
/// </summary>
internal readonly record struct MessageOutcome
{
    /// <summary>The fault the message ended with, if any; a backend's SOAP fault is an answer, not a failure.</summary>
    public FaultKind? Fault { get; init; }

    /// <summary>The path it was forwarded on; null when it never was (refused, answered by the cache).</summary>
    public ForwardingPath? Path { get; init; }

    /// <summary>True for a one-way message acknowledged.</summary>
    public bool OneWay { get; init; }

    /// <summary>Bytes received from the client.</summary>
    public long BytesIn { get; init; }

    /// <summary>Bytes of the answer, when the pipeline knows them (HTTP answers); 0 otherwise.</summary>
    public long BytesOut { get; init; }

    /// <summary>The message's action once read; the listener's reply compression learns its ratios per action.</summary>
    public string? Action { get; init; }

    /// <summary>The route that matched; null when none did.</summary>
    public Routing.Route? Route { get; init; }

    /// <summary>The route's counters; null when no route matched.</summary>
    public TrafficCounters? RouteCounters { get; init; }

    /// <summary>True when the router failed the message: any fault but a backend's SOAP fault.</summary>
    public bool Failed => Fault is { } kind && kind != FaultKind.BackendFault;

    /// <summary>A message the router refused or failed with <paramref name="kind"/>, answered with <paramref name="bytesOut"/> bytes.</summary>
    public static MessageOutcome Refused(FaultKind kind, long bytesIn, long bytesOut) => new() { Fault = kind, BytesIn = bytesIn, BytesOut = bytesOut };
}
