namespace SoapRouter.Hosting;

/// <summary>
/// Where the router's I/O completions run. Inline (<c>limits.inlineIo</c>, the default): .NET's socket engine runs
/// each completion on its event thread (one per core) instead of queuing it to the thread pool, and Kestrel processes
/// requests there too (UnsafePreferInlineScheduling), so a small verbatim message is received, routed, forwarded and
/// answered without crossing threads, as in an event loop. Profiled on 1 KB pass-through (BENCHMARKS.md): context
/// switches per message 2.2 -> 0.8 (nginx: 0.8). The catch is that whatever runs inline holds up every other socket
/// of its event thread, so work that can take long moves to the thread pool first (<see cref="LeaveEventThreadAsync"/>):
/// a request or reply over <see cref="InlineMessageBytes"/> or compressed (its decoding, checking, re-encoding and
/// compressing then run there), every message of a net.tcp session and every reply of a net.tcp destination (both
/// re-encoded, sizes unknown up front), and admin requests. A small plain message stays, a small HTTP re-encode or
/// compression included (tens to a few hundred microseconds).
/// </summary>
/// <remarks>
/// The socket engine reads <see cref="InlineCompletionsVariable"/> once per process, when the first socket operation
/// starts, so only the process's composition root can choose (<see cref="ConfigureProcess"/>, before any socket);
/// a router hosted inside another process (the tests) follows what that process chose.
/// </remarks>
internal static class IoScheduling
{
    /// <summary>The variable System.Net.Sockets reads: "1" runs socket completions on the event threads.</summary>
    public const string InlineCompletionsVariable = "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS";

    /// <summary>
    /// The largest message read inline: checking a 16 KB envelope takes tens of microseconds, about what the hop to
    /// the thread pool costs; a 150 KB one takes about half a millisecond.
    /// </summary>
    public const int InlineMessageBytes = 16 * 1024;

    /// <summary>True when this process's socket completions run on the event threads (read once, on first use).</summary>
    public static bool Inline => Mode.Inline;

    /// <summary>
    /// Sets the process's I/O scheduling from <paramref name="inlineIo"/> (limits.inlineIo) before any socket is used,
    /// unless <see cref="InlineCompletionsVariable"/> is already set in the environment, which then wins. Returns
    /// what the process will use and whether the environment decided it.
    /// </summary>
    public static (bool Inline, bool FromEnvironment) ConfigureProcess(bool inlineIo)
    {
        var preset = Environment.GetEnvironmentVariable(InlineCompletionsVariable);
        if (!string.IsNullOrEmpty(preset))
        {
            return (preset == "1", true);
        }

        Environment.SetEnvironmentVariable(InlineCompletionsVariable, inlineIo ? "1" : "0");
        return (inlineIo, false);
    }

    /// <summary>
    /// Moves the caller to the thread pool when completions run inline and the caller is on an event thread, before
    /// work that would hold that thread for long; completes at once otherwise (the caller is on a pool thread already:
    /// a net.tcp destination's reply arrives there, and a second hop cost a queue item and often a wake-up per message).
    /// </summary>
    public static Task LeaveEventThreadAsync() => Inline && !Thread.CurrentThread.IsThreadPoolThread ? YieldAsync() : Task.CompletedTask;

    /// <summary>True when a message of <paramref name="length"/> bytes is large enough to be read off the event thread.</summary>
    public static bool IsLarge(int length) => length > InlineMessageBytes;

    private static async Task YieldAsync() => await Task.Yield();

    /// <summary>Read on first use, after the composition root has configured the process.</summary>
    private static class Mode
    {
        public static readonly bool Inline = Environment.GetEnvironmentVariable(InlineCompletionsVariable) == "1";
    }
}
