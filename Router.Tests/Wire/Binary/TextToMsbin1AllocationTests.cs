using System.Diagnostics;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// What <see cref="TextToMsbin1.Transcode"/> allocates per message besides its rented output (returned to a warm pool
/// after each run): nothing, on a WCF request with headers and a DataContract body and on the 150 KB string.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class TextToMsbin1AllocationTests(ITestOutputHelper output)
{
    [ReleaseFact]
    public void Transcode_Request_AllocatesNothingBesidesTheRental() => AssertAllocatesNothing("request (Soap12 (http://www.w3.org/2003/05/soap-envelope) Addressing10");

    [ReleaseFact]
    public void Transcode_150KBString_AllocatesNothingBesidesTheRental() => AssertAllocatesNothing("150 KB string (Soap12 (http://www.w3.org/2003/05/soap-envelope) Addressing10");

    private void AssertAllocatesNothing(string name)
    {
        var message = TextCorpus.Messages.First(m => m.Name.StartsWith(name, StringComparison.Ordinal)).Bytes;
        var buffers = new ArrayPoolBufferManager();
        const int Runs = 1000;

        // Warm: tiered compilation promotes hot methods after a pause, so the figures are the optimized code's.
        Transcode(buffers, message, Runs);
        Thread.Sleep(300);
        Transcode(buffers, message, Runs);

        var before = GC.GetAllocatedBytesForCurrentThread();
        var started = Stopwatch.GetTimestamp();
        Transcode(buffers, message, Runs);
        var elapsed = Stopwatch.GetElapsedTime(started);
        var allocated = (GC.GetAllocatedBytesForCurrentThread() - before) / Runs;

        output.WriteLine($"{message.Length} B: {allocated} B and {elapsed.TotalMicroseconds / Runs:0.0} us per transcode");
        Assert.Equal(0, allocated);
    }

    private static void Transcode(ArrayPoolBufferManager buffers, byte[] message, int runs)
    {
        for (var i = 0; i < runs; i++)
        {
            var translation = TextToMsbin1.Transcode(message, buffers, 6, int.MaxValue);
            Assert.True(translation.Succeeded);
            buffers.ReturnBuffer(translation.Buffer!);
        }
    }
}
