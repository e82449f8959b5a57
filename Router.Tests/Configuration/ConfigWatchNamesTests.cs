using SoapRouter.Configuration;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

public sealed class ConfigWatchNamesTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Resolve_PlainFile_IsItsNameOnly()
    {
        File.WriteAllText(_directory.File("router.json"), "{}");

        Assert.Equal(["router.json"], ConfigWatchNames.Resolve(_directory.File("router.json")).Names);
    }

    [Fact]
    public void Resolve_MissingFile_IsItsNameOnly()
    {
        Assert.Equal(["router.json"], ConfigWatchNames.Resolve(_directory.File("router.json")).Names);
    }

    [Fact]
    public void Resolve_KubernetesConfigMapMount_IncludesTheDataLinkAndCurrentFolder()
    {
        CreateConfigMap("..2026_01_01_00_00_00.000000001");

        var names = ConfigWatchNames.Resolve(_directory.File("router.json")).Names;

        Assert.Equal(["..2026_01_01_00_00_00.000000001", "..data", "router.json"], names.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Resolve_LinkLeavingTheFolder_StopsAtTheLink()
    {
        using var elsewhere = new TempDirectory();
        File.WriteAllText(elsewhere.File("real.json"), "{}");
        File.CreateSymbolicLink(_directory.File("router.json"), elsewhere.File("real.json"));

        Assert.Equal(["router.json"], ConfigWatchNames.Resolve(_directory.File("router.json")).Names);
    }

    [Fact]
    public void Resolve_ChainOfLinksInTheFolder_IncludesEachLink()
    {
        File.WriteAllText(_directory.File("v2.json"), "{}");
        File.CreateSymbolicLink(_directory.File("current.json"), "v2.json");
        File.CreateSymbolicLink(_directory.File("router.json"), _directory.File("current.json"));

        var names = ConfigWatchNames.Resolve(_directory.File("router.json")).Names;

        Assert.Equal(["current.json", "router.json", "v2.json"], names.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Resolve_LinkCycle_Ends()
    {
        File.CreateSymbolicLink(_directory.File("a.json"), "router.json");
        File.CreateSymbolicLink(_directory.File("router.json"), "a.json");

        Assert.Equal(["a.json", "router.json"], ConfigWatchNames.Resolve(_directory.File("router.json")).Names.Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("router.json", null, true)]
    [InlineData("router.log", null, false)]
    [InlineData("router.json.tmp", null, false)]
    [InlineData("router.json", "router.json.tmp", true)]
    [InlineData("router.json~", "router.json", true)]
    [InlineData("router.log.1", "router.log", false)]
    [InlineData("..data", "..data_tmp", true)]
    [InlineData("..data_tmp", null, false)]
    [InlineData("..2026_01_01_00_05_00.000000002", null, false)]
    [InlineData("..2026_01_01_00_00_00.000000001", null, true)]
    public void IsRelevant_EventNames_OnlyTheFileAndItsLinks(string name, string? oldName, bool expected)
    {
        CreateConfigMap("..2026_01_01_00_00_00.000000001");
        var names = ConfigWatchNames.Resolve(_directory.File("router.json"));
        FileSystemEventArgs e = oldName is null
            ? new FileSystemEventArgs(WatcherChangeTypes.Changed, _directory.Path, name)
            : new RenamedEventArgs(WatcherChangeTypes.Renamed, _directory.Path, name, oldName);

        Assert.Equal(expected, names.IsRelevant(e));
    }

    private void CreateConfigMap(string folder)
    {
        Directory.CreateDirectory(_directory.File(folder));
        File.WriteAllText(Path.Combine(_directory.File(folder), "router.json"), "{}");
        Directory.CreateSymbolicLink(_directory.File("..data"), folder);
        File.CreateSymbolicLink(_directory.File("router.json"), Path.Combine("..data", "router.json"));
    }
}
