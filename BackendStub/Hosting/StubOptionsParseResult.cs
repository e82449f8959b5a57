namespace BackendStub.Hosting;

/// <summary>Outcome of parsing the stub's command line: options, or every error found; bad input is a value, not an exception.</summary>
/// <param name="Options">The parsed options; null when there are errors.</param>
/// <param name="Errors">Every problem found in the arguments, in argument order.</param>
/// <param name="HelpRequested">--help was given: the host prints <see cref="StubOptionsParser.HelpText"/> and exits.</param>
public sealed record StubOptionsParseResult(StubOptions? Options, IReadOnlyList<string> Errors, bool HelpRequested)
{
    /// <summary>True when the arguments were valid.</summary>
    public bool Succeeded => Options is not null;
}
