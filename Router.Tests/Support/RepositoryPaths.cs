namespace SoapRouter.Tests.Support;

/// <summary>Files the repository ships, found by walking up from the test binaries.</summary>
internal static class RepositoryPaths
{
    /// <summary>The repository's top level: the first folder above the test binaries holding router.json and Router/.</summary>
    public static string Root { get; } = FindRoot();

    /// <summary>The shipped router.json.</summary>
    public static string RouterJson => Path.Combine(Root, "router.json");

    /// <summary>The config docker-compose.yml mounts.</summary>
    public static string DockerRouterJson => Path.Combine(Root, "deploy", "router", "router.json");

    /// <summary>The config docker-compose.scale.yml mounts in every replica: the one above plus the shared response cache.</summary>
    public static string ScaleRouterJson => Path.Combine(Root, "deploy", "router-scale", "router.json");

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "router.json")) && Directory.Exists(Path.Combine(dir.FullName, "Router")))
            {
                return dir.FullName;
            }
        }

        throw new DirectoryNotFoundException("repository root (with router.json) not found above " + AppContext.BaseDirectory);
    }
}
