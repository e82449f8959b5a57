namespace LoadClient.CommandLine;

/// <summary>Outcome of parsing the command line: options, or every error found; bad input is a value, not an exception.</summary>
/// <param name="Options">The parsed options; null when there are errors or only help was asked for.</param>
/// <param name="Errors">Every problem found in the arguments.</param>
/// <param name="HelpRequested">--help was given: print <see cref="LoadOptionsParser.WriteHelp"/> and exit.</param>
internal sealed record LoadOptionsParseResult(LoadOptions? Options, IReadOnlyList<string> Errors, bool HelpRequested)
{
    /// <summary>True when the arguments were valid.</summary>
    public bool Succeeded => Options is not null;
}
