using SoapRouter.Hosting;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Hosting;

/// <summary>The count of open descriptors the listeners' reserve works from, against files this test opens.</summary>
[Collection(FileDescriptorCollection.Name)]
public sealed class OpenFileCountTests
{
    // Other work of the test process (an idle pooled connection closing) may open or close a descriptor meanwhile.
    private const int Slack = 5;

    [LinuxFact]
    public void Linux_CountsOpenDescriptors_AsTheKernelListsThem()
    {
        var files = new LinuxOpenFileLimits();
        Assert.True(files.TryCountOpen(out var before));

        // The runtime's own listing holds one descriptor of its own while it reads.
        Assert.InRange(before, Directory.GetFiles("/proc/self/fd").Length - 1 - Slack, Directory.GetFiles("/proc/self/fd").Length - 1 + Slack);

        var opened = Enumerable.Range(0, 100).Select(_ => File.OpenRead("/proc/self/stat")).ToList();
        try
        {
            Assert.True(files.TryCountOpen(out var during));
            Assert.InRange(during - before, 100 - Slack, 100 + Slack);
        }
        finally
        {
            opened.ForEach(file => file.Dispose());
        }
    }
}
