using System.Text;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Fuzz.Targets;

namespace SoapRouter.Fuzz.Running;

/// <summary>
/// Runs one target: inputs in batches sent by parallel workers, each answer classified; after each batch the router
/// process must still be there, its resident set is sampled and a real WCF client must get its echo. An input with a
/// finding is written to the failure folder as <c>target-index.bin</c> with a <c>.txt</c> saying how to make it again.
/// </summary>
internal sealed class FuzzRunner(FuzzOptions options, HttpSender http, NetTcpSender netTcp)
{
    private const int MaxFailureFilesPerTarget = 50;
    private int _failureFiles;

    /// <summary>Runs <paramref name="target"/> for <see cref="FuzzOptions.Count"/> inputs from <see cref="FuzzOptions.Start"/>.</summary>
    public async Task<TargetResult> RunAsync(FuzzTarget target)
    {
        var generator = new InputGenerator(target, options.Seed, options.Endpoints);
        var result = new TargetResult { Target = target.Name };
        var started = DateTime.UtcNow;
        _failureFiles = 0;
        for (var batchStart = options.Start; batchStart < options.Start + options.Count; batchStart += options.BatchSize)
        {
            var end = Math.Min(options.Start + options.Count, batchStart + options.BatchSize);
            var next = batchStart - 1;
            var workers = Enumerable.Range(0, options.Concurrency).Select(_ => Task.Run(async () =>
            {
                long index;
                while ((index = Interlocked.Increment(ref next)) < end)
                {
                    await SendOneAsync(target, generator, index, result).ConfigureAwait(false);
                }
            }));
            await Task.WhenAll(workers).ConfigureAwait(false);

            if (options.RouterPid is { } pid && ProcessMemory.RssMiB(pid) is not { } rss)
            {
                result.Crashes++;
                Console.Error.WriteLine($"{target.Name}: the router (pid {pid}) is gone after inputs {batchStart}-{end - 1}");
                break;
            }
            else if (options.RouterPid is { } alive)
            {
                var now = ProcessMemory.RssMiB(alive) ?? 0;
                result.RssMaxMiB = Math.Max(result.RssMaxMiB, now);
                result.RssEndMiB = now;
            }

            if (await NormalClient.CheckAsync(target, options.Endpoints).ConfigureAwait(false) is { } problem)
            {
                result.NormalClientFailures.Add($"after {end} inputs: {problem}");
            }
            else
            {
                result.NormalClientPassed++;
            }

            Console.WriteLine($"{target.Name}: {end - options.Start} inputs, {result.WrongAnswers} wrong, {result.Hangs} hangs, RSS {result.RssEndMiB:0} MiB");
        }

        result.Seconds = Math.Round((DateTime.UtcNow - started).TotalSeconds, 1);
        return result;
    }

    /// <summary>Sends input <paramref name="index"/> of <paramref name="target"/> and counts its answer.</summary>
    public async Task<Answer> SendOneAsync(FuzzTarget target, InputGenerator generator, long index, TargetResult result)
    {
        var input = generator.Generate(index);
        var answer = target.Kind switch
        {
            FuzzTargetKind.NetTcp => await netTcp.SendAsync(options.Endpoints.NetTcp, input).ConfigureAwait(false),
            FuzzTargetKind.NetTcpTls => await netTcp.SendAsync(options.Endpoints.NetTcpTls, input).ConfigureAwait(false),
            FuzzTargetKind.BasicHttp => await http.SendAsync(options.Endpoints.BasicHttp, input).ConfigureAwait(false),
            FuzzTargetKind.Soap12Http => await http.SendAsync(options.Endpoints.Soap12Http, input).ConfigureAwait(false),
            FuzzTargetKind.BinaryHttp => await http.SendAsync(options.Endpoints.BinaryHttp, input).ConfigureAwait(false),
            _ => await http.SendAsync(input.ContentType?.Contains("msbin", StringComparison.Ordinal) == true ? options.Endpoints.BinaryHttp : options.Endpoints.Soap12Http, input).ConfigureAwait(false),
        };
        result.Count(answer.Kind);
        if (options.Count == 1)
        {
            Console.WriteLine($"{target.Name} #{index}: {answer.Kind} {answer.Detail} ({input.Mutations})");
        }

        if (!answer.IsRightKind)
        {
            WriteFailure(target, index, input, answer);
        }

        return answer;
    }

    private void WriteFailure(FuzzTarget target, long index, FuzzInput input, Answer answer)
    {
        if (Interlocked.Increment(ref _failureFiles) > MaxFailureFilesPerTarget)
        {
            return;
        }

        Directory.CreateDirectory(options.FailureFolder);
        var stem = Path.Combine(options.FailureFolder, $"{target.Name}-{index}");
        File.WriteAllBytes(stem + ".bin", input.Tunnelled is null ? input.Body : [.. input.Body, .. input.Tunnelled]);
        var text = new StringBuilder()
            .AppendLine($"target {target.Name}, seed {options.Seed}, index {index}")
            .AppendLine($"again: Fuzz --seed {options.Seed} --targets {target.Name} --start {index} --count 1")
            .AppendLine($"mutations: {input.Mutations}")
            .AppendLine($"content type: {input.ContentType}; headers: {string.Join(", ", input.Headers.GroupBy(h => h.Key).Select(g => g.Count() == 1 ? g.Key : $"{g.Key}×{g.Count()}").Take(12))}; tunnelled: {input.Tunnelled?.Length}")
            .AppendLine($"answer: {answer.Kind} {answer.Detail}");
        File.WriteAllText(stem + ".txt", text.ToString());
        Console.Error.WriteLine($"{target.Name} #{index}: {answer.Kind} {answer.Detail} ({input.Mutations})");
    }
}
