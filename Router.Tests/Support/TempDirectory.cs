namespace SoapRouter.Tests.Support;

/// <summary>A fresh directory under the system temp folder, deleted on dispose.</summary>
internal sealed class TempDirectory : IDisposable
{
    public TempDirectory() => Directory.CreateDirectory(Path);

    /// <summary>Full path of the directory.</summary>
    public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "router-tests-" + Guid.NewGuid().ToString("N"));

    /// <summary>Full path of <paramref name="fileName"/> in the directory.</summary>
    public string File(string fileName) => System.IO.Path.Combine(Path, fileName);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
            // A watcher may still hold a handle for a moment; a leftover temp folder is harmless.
        }
    }
}
