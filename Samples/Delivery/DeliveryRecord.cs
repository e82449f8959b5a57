using System.Text;

namespace Samples.Delivery;

/// <summary>
/// An append-only file of message ids, one per line: what a sender saw acknowledged (LoadClient --record-acks) or what
/// a receiver accepted (BackendStub --record-oneway). Each line goes to the operating system before
/// <see cref="Record"/> returns (the stream has no buffer of its own), so a process killed with SIGKILL loses none it
/// recorded; comparing the two files counts acknowledged messages that never arrived exactly. Thread-safe.
/// </summary>
public sealed class DeliveryRecord : IDisposable
{
    /// <summary>The line written for a message that carried no id.</summary>
    public const string NoId = "-";

    private readonly FileStream _file;
    private readonly Lock _gate = new();

    private DeliveryRecord(FileStream file) => _file = file;

    /// <summary>Opens <paramref name="path"/> for appending (created when missing); throws <see cref="IOException"/> or <see cref="UnauthorizedAccessException"/> when it cannot be.</summary>
    public static DeliveryRecord Open(string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        return new DeliveryRecord(new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite, bufferSize: 0));
    }

    /// <summary>Appends <paramref name="id"/> in its 36-character form, or <see cref="NoId"/> when null.</summary>
    public void Record(Guid? id)
    {
        Span<byte> line = stackalloc byte[37];
        var length = id is { } value && value.TryFormat(line, out var written, "D") ? written : Encoding.ASCII.GetBytes(NoId, line);
        line[length] = (byte)'\n';
        lock (_gate)
        {
            _file.Write(line[..(length + 1)]);
        }
    }

    /// <inheritdoc />
    public void Dispose() => _file.Dispose();
}
