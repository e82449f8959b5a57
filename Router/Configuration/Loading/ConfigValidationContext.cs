namespace SoapRouter.Configuration;

/// <summary>Collects the errors and warnings of one validation pass, each prefixed with its path.</summary>
internal sealed class ConfigValidationContext
{
    private readonly List<string> _errors = [];
    private readonly List<string> _warnings = [];

    /// <summary>Destination names seen so far, with the path of their first use; they must be unique router-wide.</summary>
    public Dictionary<string, string> DestinationNames { get; } = new(StringComparer.Ordinal);

    /// <summary>The container's memory limit in bytes, or null outside a container (read once per validation; a test may set it).</summary>
    public long? ContainerMemory { get; init; } = Hosting.MemoryLimit.Container();

    /// <summary>The moment certificates must be valid at (the system clock's now; a test may set another).</summary>
    public DateTimeOffset Now { get; init; } = DateTimeOffset.UtcNow;

    /// <summary>Records an error at <paramref name="path"/>.</summary>
    public void Error(string path, string message) => _errors.Add($"{ConfigPath.Display(path)}: {message}");

    /// <summary>
    /// Records the errors of a section that validates itself (compression options): each line already names its
    /// setting under <paramref name="path"/>, so it is kept as it is.
    /// </summary>
    public void Errors(IEnumerable<string> lines) => _errors.AddRange(lines);

    /// <summary>Records a warning at <paramref name="path"/>.</summary>
    public void Warning(string path, string message) => _warnings.Add($"{ConfigPath.Display(path)}: {message}");

    /// <summary>Records "is required" when <paramref name="value"/> is null, empty or blank; returns whether it was present.</summary>
    public bool Require(string? value, string path)
    {
        if (!string.IsNullOrWhiteSpace(value))
        {
            return true;
        }

        Error(path, "is required");
        return false;
    }

    /// <summary>Records an error unless <paramref name="value"/> is greater than zero.</summary>
    public void RequirePositive(long value, string path)
    {
        if (value <= 0)
        {
            Error(path, $"must be greater than 0 (is {value})");
        }
    }

    /// <summary>Records an error unless <paramref name="timeout"/> is more than zero and at most <see cref="ClusterConfig.MaxTimeout"/>.</summary>
    public void RequireTimeout(TimeSpan timeout, string path)
    {
        if (timeout <= TimeSpan.Zero)
        {
            Error(path, $"must be greater than 00:00:00 (is {timeout})");
        }
        else if (timeout > ClusterConfig.MaxTimeout)
        {
            Error(path, $"must be at most {ClusterConfig.MaxTimeout} (is {timeout})");
        }
    }

    /// <summary>The result of the pass.</summary>
    public RouterConfigValidationResult ToResult() => new() { Errors = _errors.ToArray(), Warnings = _warnings.ToArray() };
}
