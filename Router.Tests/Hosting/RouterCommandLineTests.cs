using SoapRouter.Hosting;

namespace SoapRouter.Tests.Hosting;

public sealed class RouterCommandLineTests
{
    [Fact]
    public void TryParse_NoArguments_UsesRouterJsonInTheCurrentDirectory()
    {
        var parsed = RouterCommandLine.TryParse([], out var errors);

        Assert.Empty(errors);
        Assert.Equal(new RouterCommandLine("router.json", CheckOnly: false), parsed);
    }

    [Fact]
    public void TryParse_ConfigAndCheck_AreBothTaken()
    {
        var parsed = RouterCommandLine.TryParse(["--check", "--config", "/etc/router/router.json"], out var errors);

        Assert.Empty(errors);
        Assert.Equal(new RouterCommandLine("/etc/router/router.json", CheckOnly: true), parsed);
    }

    [Fact]
    public void TryParse_SeveralMistakes_ReportsEachOfThem()
    {
        var parsed = RouterCommandLine.TryParse(["--verbose", "extra", "--config"], out var errors);

        Assert.Null(parsed);
        Assert.Equal(["unknown argument '--verbose'", "unknown argument 'extra'", "--config needs a file path"], errors);
    }
}
