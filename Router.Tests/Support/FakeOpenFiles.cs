using SoapRouter.Hosting;

namespace SoapRouter.Tests.Support;

/// <summary>An open-file limit and count a test sets: raising the soft limit up to the hard one, refusing, failing to read.</summary>
internal sealed class FakeOpenFiles(ulong soft, ulong hard) : IOpenFileLimits
{
    /// <summary>The soft limit (raised by <see cref="TrySetSoft"/>).</summary>
    public ulong Soft { get; set; } = soft;

    /// <summary>The hard limit.</summary>
    public ulong Hard { get; set; } = hard;

    /// <summary>Descriptors open, as <see cref="TryCountOpen"/> tells them.</summary>
    public int Open { get; set; }

    /// <summary>False: raising the soft limit is refused.</summary>
    public bool RefuseSet { get; init; }

    /// <summary>True: the limits cannot be read.</summary>
    public bool Unreadable { get; init; }

    /// <summary>False: descriptors cannot be counted (not Linux, or none free to count with).</summary>
    public bool Countable { get; set; } = true;

    /// <summary>Times <see cref="TryCountOpen"/> was called.</summary>
    public int Counts { get; private set; }

    /// <summary>Runs on every count (a test advancing its clock, as a slow count would).</summary>
    public Action? OnCount { get; set; }

    public bool TryGet(out ulong current, out ulong maximum)
    {
        current = Soft;
        maximum = Hard;
        return !Unreadable;
    }

    public bool TrySetSoft(ulong value, ulong maximum)
    {
        if (RefuseSet || value > Hard)
        {
            return false;
        }

        Soft = value;
        return true;
    }

    public bool TryCountOpen(out int open)
    {
        Counts++;
        OnCount?.Invoke();
        open = Open;
        return Countable;
    }
}
