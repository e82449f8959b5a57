using System.Diagnostics;
using System.Globalization;
using System.ServiceModel;
using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace LoadClient.Streamed;

/// <summary>
/// Runs <c>LoadClient stream</c>: a <c>ChannelFactory&lt;IStreamedService&gt;</c> on the binding's streamed client binding
/// (MaxReceivedMessageSize long.MaxValue) uploads or downloads the pattern bytes, and the digest at the far end is compared
/// with the one the bytes should have. Prints one line; <c>--json</c> writes the same as JSON.
/// </summary>
internal static class StreamedTransferRun
{
    /// <summary>Runs with <paramref name="args"/> (after "stream"); 0 when the bytes arrived exactly, 1 when not, 2 for bad arguments.</summary>
    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        var parsed = StreamedTransferCommand.Root.Parse(args);
        if (parsed.Errors.Count > 0)
        {
            foreach (var problem in parsed.Errors)
            {
                error.WriteLine($"error: {problem.Message}");
            }

            return LoadApp.BadArguments;
        }

        var url = parsed.GetValue(StreamedTransferCommand.Url)!;
        var binding = parsed.GetValue(StreamedTransferCommand.Binding)!;
        var direction = parsed.GetValue(StreamedTransferCommand.Direction) ?? StreamedDirection.Upload;
        var bytes = parsed.GetValue(StreamedTransferCommand.Bytes);
        var timeout = TimeSpan.FromSeconds(parsed.GetValue(StreamedTransferCommand.Timeout) ?? 600);
        if (bytes < 0 || binding.IsMtom)
        {
            error.WriteLine("error: --bytes must be >= 0 and --binding one of basicHttp, soap12Http, binaryHttp, netTcp.");
            return LoadApp.BadArguments;
        }

        var wcfBinding = binding.CreateStreamedClientBinding(WireLimits.Default);
        wcfBinding.SendTimeout = wcfBinding.ReceiveTimeout = timeout;
        var factory = new ChannelFactory<IStreamedService>(wcfBinding, new EndpointAddress(url));
        var channel = factory.CreateChannel();
        var expected = StreamDigest.OfPattern(bytes);
        string actual;
        var clock = Stopwatch.StartNew();
        try
        {
            if (direction == StreamedDirection.Upload)
            {
                actual = await channel.UploadAsync(new PatternStream(bytes)).ConfigureAwait(false);
            }
            else
            {
                await using var stream = await channel.DownloadAsync(bytes).ConfigureAwait(false);
                actual = await StreamDigest.OfAsync(stream).ConfigureAwait(false);
            }

            ((ICommunicationObject)channel).Close();
        }
        catch (Exception ex) when (ex is CommunicationException or TimeoutException)
        {
            error.WriteLine($"error: the {direction.ToString().ToLowerInvariant()} failed: {ex.GetType().Name}: {ex.Message}");
            ((ICommunicationObject)channel).Abort();
            return LoadApp.Failures;
        }
        finally
        {
            factory.Abort();
        }

        var seconds = clock.Elapsed.TotalSeconds;
        var exact = actual == expected;
        var rate = bytes / seconds;
        output.WriteLine(string.Create(
            CultureInfo.InvariantCulture,
            $"{direction.ToString().ToLowerInvariant()} {bytes} bytes via {binding.Name} to {url} in {seconds:F2} s: {rate / 1e6:F1} MB/s, {(exact ? "byte-exact" : "DIGEST MISMATCH " + actual)}"));
        if (parsed.GetValue(StreamedTransferCommand.Json) is { } path)
        {
            var result = new Dictionary<string, object>
            {
                ["direction"] = direction.ToString().ToLowerInvariant(),
                ["binding"] = binding.Name,
                ["url"] = url.ToString(),
                ["bytes"] = bytes,
                ["seconds"] = Math.Round(seconds, 3),
                ["bytesPerSecond"] = Math.Round(rate),
                ["byteExact"] = exact,
            };
            await File.WriteAllTextAsync(path, JsonSerializer.Serialize(result)).ConfigureAwait(false);
        }

        return exact ? LoadApp.Success : LoadApp.Failures;
    }
}
