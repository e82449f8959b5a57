using System.Diagnostics.CodeAnalysis;

namespace SoapRouter.Configuration;

/// <summary>router.json could not be used; carries every error so the operator sees them all at once.</summary>
public sealed class RouterConfigException : Exception
{
    /// <summary>Creates an exception with no specific errors.</summary>
    public RouterConfigException()
        : this("router configuration is invalid")
    {
    }

    /// <summary>Creates an exception with one error.</summary>
    public RouterConfigException(string message)
        : base(message) => Errors = [message];

    /// <summary>Creates an exception with one error and its cause.</summary>
    public RouterConfigException(string message, Exception innerException)
        : base(message, innerException) => Errors = [message];

    /// <summary>Creates an exception listing every error found in <paramref name="source"/>, one per line.</summary>
    public RouterConfigException(string source, IReadOnlyList<string> errors)
        : base(FormatMessage(source, errors)) => Errors = errors;

    /// <summary>Every error, each starting with the path it concerns.</summary>
    public IReadOnlyList<string> Errors { get; }

    /// <summary>Throws from a cold helper so callers on the start path stay small.</summary>
    [DoesNotReturn]
    public static void Throw(string source, IReadOnlyList<string> errors) => throw new RouterConfigException(source, errors);

    private static string FormatMessage(string source, IReadOnlyList<string> errors)
    {
        var noun = errors.Count == 1 ? "error" : "errors";
        return $"{source}: {errors.Count} configuration {noun}:{Environment.NewLine}  " + string.Join(Environment.NewLine + "  ", errors);
    }
}
