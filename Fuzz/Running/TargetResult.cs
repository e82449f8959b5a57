using SoapRouter.Fuzz.Targets;

namespace SoapRouter.Fuzz.Running;

/// <summary>The figures of one target's run (the JSON report's entries).</summary>
internal sealed class TargetResult
{
    private readonly long[] _answers = new long[Enum.GetValues<AnswerKind>().Length];

    /// <summary>The target's name.</summary>
    public required string Target { get; init; }

    /// <summary>Inputs sent.</summary>
    public long Inputs => _answers.Sum();

    /// <summary>Answers by class.</summary>
    public Dictionary<string, long> Answers => Enum.GetValues<AnswerKind>().Where(k => _answers[(int)k] > 0).ToDictionary(k => k.ToString(), k => _answers[(int)k]);

    /// <summary>Answers of a class a hostile input must not get (wrong kind, drops), hangs excluded.</summary>
    public long WrongAnswers => _answers[(int)AnswerKind.WrongKind] + _answers[(int)AnswerKind.Dropped];

    /// <summary>Inputs answered (or closed) later than the hang limit.</summary>
    public long Hangs => _answers[(int)AnswerKind.Hang];

    /// <summary>Batches after which the router process was gone.</summary>
    public int Crashes { get; set; }

    /// <summary>Checks with a real WCF client after a batch: passed.</summary>
    public int NormalClientPassed { get; set; }

    /// <summary>Checks with a real WCF client after a batch: failed, with the first reason.</summary>
    public List<string> NormalClientFailures { get; } = [];

    /// <summary>The router's resident set after each batch (MiB), the largest.</summary>
    public double RssMaxMiB { get; set; }

    /// <summary>The router's resident set after the last batch (MiB).</summary>
    public double RssEndMiB { get; set; }

    /// <summary>Wall time of the target's run.</summary>
    public double Seconds { get; set; }

    /// <summary>Inputs per second.</summary>
    public double InputsPerSecond => Seconds > 0 ? Math.Round(Inputs / Seconds, 1) : 0;

    /// <summary>True when nothing was found.</summary>
    public bool Clean => WrongAnswers == 0 && Hangs == 0 && Crashes == 0 && NormalClientFailures.Count == 0;

    /// <summary>Counts one answer.</summary>
    public void Count(AnswerKind kind) => Interlocked.Increment(ref _answers[(int)kind]);
}
