using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Configuration;

/// <summary>docs/configuration.md is generated from router.schema.json; a committed page that differs fails here.</summary>
public sealed class ConfigDocsTests
{
    private static readonly string PagePath = Path.Combine(RepositoryPaths.Root, "docs", "configuration.md");

    [Fact]
    public void ConfigurationPage_IsWhatTheSchemaGenerates()
    {
        var generated = ConfigDocsWriter.Render(RouterSchema.Tree, Examples());
        if (Environment.GetEnvironmentVariable("SOAPROUTER_WRITE_DOCS") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(PagePath)!);
            File.WriteAllText(PagePath, generated);
        }

        var committed = File.Exists(PagePath) ? File.ReadAllText(PagePath).ReplaceLineEndings("\n") : "";

        Assert.True(
            committed == generated,
            $"docs/configuration.md is not what router.schema.json generates; regenerate it with:{Environment.NewLine}  {ConfigDocsWriter.RegenerateCommand}");
    }

    [Fact]
    public void ConfigurationPage_HasARowForEveryKeyOfTheSchema()
    {
        // A $defs section met a second time (backups after destinations, admin.tls after listeners[].tls) gets one row
        // that says "Same keys as" the first; the keys under it count as documented there.
        var rows = ConfigDocsWriter.Render(RouterSchema.Tree, Examples()).Split('\n')
            .Where(line => line.StartsWith("| `", StringComparison.Ordinal))
            .ToDictionary(line => line[3..line.IndexOf('`', 3)], StringComparer.Ordinal);
        var missing = ConfigKeyWalk.FromSchema(RouterSchema.Tree).Keys
            .Where(path => path != "$schema")
            .Select(path => path.Replace(".*", ".<name>", StringComparison.Ordinal))
            .Where(path => !rows.ContainsKey(path) && !rows.Any(row => path.StartsWith(row.Key, StringComparison.Ordinal) && row.Value.Contains("Same keys as", StringComparison.Ordinal)))
            .ToList();

        Assert.True(rows.Count > 100, $"only {rows.Count} rows");
        Assert.True(missing.Count == 0, "keys without a row:" + Environment.NewLine + string.Join(Environment.NewLine, missing));
    }

    private static List<(string File, string WhenToUse)> Examples()
    {
        var examples = new List<(string, string)>();
        foreach (var relative in ShippedConfigs.RelativePaths.Where(path => path.StartsWith("deploy/examples/", StringComparison.Ordinal)))
        {
            var comment = string.Join(' ', File.ReadLines(ShippedConfigs.FullPath(relative))
                .TakeWhile(line => line.StartsWith("//", StringComparison.Ordinal))
                .Select(line => line[2..].Trim()));
            const string Lead = "When to use: ";
            Assert.StartsWith(Lead, comment, StringComparison.Ordinal);
            var end = comment.IndexOf(". ", StringComparison.Ordinal);
            examples.Add((Path.GetFileName(relative), end < 0 ? comment[Lead.Length..] : comment[Lead.Length..(end + 1)]));
        }

        return examples;
    }
}
