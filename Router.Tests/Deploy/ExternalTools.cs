namespace SoapRouter.Tests.Deploy;

/// <summary>Finds a command on PATH (then /usr/bin, /usr/local/bin) the way a shell would.</summary>
internal static class ExternalTools
{
    /// <summary>The full path of <paramref name="name"/>, or null when it is not installed.</summary>
    public static string? Find(string name)
    {
        var folders = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty)
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Concat(["/usr/bin", "/usr/local/bin"]);
        return folders.Select(folder => Path.Combine(folder, name)).FirstOrDefault(File.Exists);
    }
}
