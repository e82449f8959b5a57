using SoapRouter.Caching;
using SoapRouter.Pipeline;

namespace SoapRouter.Tests.Caching;

/// <summary>A backend call that answers with what the test gives it, counting how often it ran; an optional gate holds it.</summary>
internal sealed class FakeProduction(Func<ClientAnswer?> answer, Task? gate = null) : CacheProduction
{
    private int _calls;

    /// <summary>How many times it was forwarded.</summary>
    public int Calls => Volatile.Read(ref _calls);

    public override async ValueTask<ClientAnswer?> ForwardAsync()
    {
        Interlocked.Increment(ref _calls);
        if (gate is not null)
        {
            await gate;
        }

        return answer();
    }
}
