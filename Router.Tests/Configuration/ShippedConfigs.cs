using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

/// <summary>The router.json files the repository ships: the top-level one, the compose stacks' (plain and scale-out) and deploy/examples/.</summary>
internal static class ShippedConfigs
{
    /// <summary>How many examples deploy/examples/ holds at least (issue 24's five cases), so an empty folder fails.</summary>
    public const int MinimumExamples = 5;

    /// <summary>Every shipped config, as a path relative to the repository root with '/' separators.</summary>
    public static IReadOnlyList<string> RelativePaths { get; } = Find();

    /// <summary>The configs for a [Theory]: one row per file.</summary>
    public static TheoryData<string> All
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (var path in RelativePaths)
            {
                data.Add(path);
            }

            return data;
        }
    }

    /// <summary>The absolute path of <paramref name="relativePath"/>.</summary>
    public static string FullPath(string relativePath) => Path.Combine(RepositoryPaths.Root, relativePath);

    private static string[] Find()
    {
        var examples = Directory.GetFiles(Path.Combine(RepositoryPaths.Root, "deploy", "examples"), "*.json")
            .Select(path => Path.GetRelativePath(RepositoryPaths.Root, path).Replace('\\', '/'))
            .Order(StringComparer.Ordinal);
        return ["router.json", "deploy/router/router.json", "deploy/router-scale/router.json", .. examples];
    }
}
