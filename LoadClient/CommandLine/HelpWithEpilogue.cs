using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;

namespace LoadClient.CommandLine;

/// <summary>System.CommandLine's help, followed by a paragraph it has no place for (why loopback only, the exit codes).</summary>
internal sealed class HelpWithEpilogue(HelpAction help, string epilogue) : SynchronousCommandLineAction
{
    /// <inheritdoc />
    public override int Invoke(ParseResult parseResult)
    {
        ArgumentNullException.ThrowIfNull(parseResult);
        var result = help.Invoke(parseResult);
        parseResult.InvocationConfiguration.Output.WriteLine(epilogue);
        return result;
    }
}
