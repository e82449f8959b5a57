using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace SoapRouter.Tests.Support;

/// <summary>A logger that keeps what was logged, so tests can check that a failure was reported.</summary>
internal sealed class ListLogger<T> : ILogger<T>
{
    /// <summary>Everything logged, in order.</summary>
    public ConcurrentQueue<(LogLevel Level, string Message, Exception? Exception)> Entries { get; } = new();

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => true;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        ArgumentNullException.ThrowIfNull(formatter);
        Entries.Enqueue((logLevel, formatter(state, exception), exception));
    }
}
