using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace SoapRouter.Tests.Support;

/// <summary>An <see cref="ILogger{T}"/> that keeps every entry and lets a test await the first entry matching a condition.</summary>
internal sealed class CapturingLogger<T> : ILogger<T>
{
    private readonly ConcurrentQueue<(LogLevel Level, string Message, Exception? Exception)> _entries = new();
    private readonly List<(Func<LogLevel, string, bool> Match, TaskCompletionSource<string> Done)> _waiters = [];

    /// <summary>
    /// Called with each entry, synchronously on the thread that logs it (before the caller goes on): a test's hook into a
    /// precise point of the code under test.
    /// </summary>
    public Action<LogLevel, string>? OnEntry { get; set; }

    /// <summary>Every entry so far.</summary>
    public IReadOnlyCollection<(LogLevel Level, string Message, Exception? Exception)> Entries => _entries;

    /// <summary>Completes with the message of the first entry (past or future) at <paramref name="level"/> containing <paramref name="fragment"/>.</summary>
    public Task<string> WaitFor(LogLevel level, string fragment)
    {
        bool Match(LogLevel l, string m) => l == level && m.Contains(fragment, StringComparison.Ordinal);
        var done = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        lock (_waiters)
        {
            foreach (var (l, m, _) in _entries)
            {
                if (Match(l, m))
                {
                    done.SetResult(m);
                    return done.Task;
                }
            }

            _waiters.Add((Match, done));
        }

        return done.Task;
    }

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => true;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        var message = formatter(state, exception);
        OnEntry?.Invoke(logLevel, message);
        lock (_waiters)
        {
            _entries.Enqueue((logLevel, message, exception));
            foreach (var (match, done) in _waiters)
            {
                if (match(logLevel, message))
                {
                    done.TrySetResult(message);
                }
            }
        }
    }
}
