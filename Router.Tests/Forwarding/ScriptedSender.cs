using System.Collections.Concurrent;
using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Tests.Forwarding;

/// <summary>A sender whose behaviour per destination is scripted; records the calls and the in-flight count seen.</summary>
internal sealed class ScriptedSender : IAttemptSender<string>
{
    private readonly Dictionary<string, Func<DestinationState, CancellationToken, ValueTask<AttemptResult<string>>>> _script = new(StringComparer.Ordinal);

    /// <summary>Destination names in the order they were called.</summary>
    public ConcurrentQueue<string> Calls { get; } = new();

    /// <summary>In-flight count of each called destination, seen from inside the call.</summary>
    public ConcurrentQueue<int> InFlightDuringCall { get; } = new();

    /// <summary>False plays a streamed message's sender (its bytes are not held for another attempt).</summary>
    public bool Replayable { get; init; } = true;

    public ScriptedSender Replies(string destination, string reply) =>
        On(destination, (_, _) => ValueTask.FromResult(AttemptResult<string>.Success(reply)));

    public ScriptedSender Faults(string destination, string fault) =>
        On(destination, (_, _) => ValueTask.FromResult(AttemptResult<string>.Fault(fault)));

    public ScriptedSender Fails(string destination, ForwardError error) =>
        On(destination, (_, _) => ValueTask.FromResult(AttemptResult<string>.Failed(error)));

    public ScriptedSender Throws(string destination, Exception exception) =>
        On(destination, (_, _) => ValueTask.FromException<AttemptResult<string>>(exception));

    /// <summary>Awaits a task that never completes except through the token, like a backend that never answers.</summary>
    public ScriptedSender Hangs(string destination) =>
        On(destination, static async (_, token) =>
        {
            await Task.Delay(Timeout.Infinite, token);
            return AttemptResult<string>.Success("unreachable");
        });

    public ScriptedSender On(string destination, Func<DestinationState, CancellationToken, ValueTask<AttemptResult<string>>> behaviour)
    {
        _script[destination] = behaviour;
        return this;
    }

    public ValueTask<AttemptResult<string>> SendAsync(DestinationState destination, CancellationToken cancellationToken)
    {
        Calls.Enqueue(destination.Name);
        InFlightDuringCall.Enqueue(destination.InFlight);
        return _script[destination.Name](destination, cancellationToken);
    }
}
