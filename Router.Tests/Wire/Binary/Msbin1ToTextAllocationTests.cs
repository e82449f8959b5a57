using SoapRouter.Tests.Support;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The transcoder allocates nothing per envelope besides its rented output (returned here to a pool that keeps it):
/// measured on this thread over many runs of a corpus reply with typed values, arrays and escaped text.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class Msbin1ToTextAllocationTests(ITestOutputHelper output)
{
    [ReleaseFact]
    public void Transcode_CorpusReply_AllocatesNothing()
    {
        var reply = Msbin1Corpus.Cases.First(c => c.Name == "reply with a large sample").Msbin1;
        var buffers = ArrayPoolBufferManager.Shared;
        Run(reply, buffers, 100);
        var before = GC.GetAllocatedBytesForCurrentThread();
        Run(reply, buffers, 1000);
        var perEnvelope = (GC.GetAllocatedBytesForCurrentThread() - before) / 1000;
        output.WriteLine($"{perEnvelope} B per {reply.Length} B envelope");
        Assert.Equal(0, perEnvelope);
    }

    private static void Run(byte[] reply, ArrayPoolBufferManager buffers, int count)
    {
        for (var i = 0; i < count; i++)
        {
            var text = Msbin1ToText.Transcode(reply, buffers, 8, int.MaxValue);
            Assert.True(text.Succeeded, text.Problem);
            buffers.ReturnBuffer(text.Buffer!);
        }
    }
}
