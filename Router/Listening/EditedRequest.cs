namespace SoapRouter.Listening;

/// <summary>
/// The bytes an <see cref="IVerbatimRequestEditor"/> chose to send: either the received bytes (owning nothing) or an
/// edited copy whose owner (a pooled buffer's holder) is disposed by <see cref="Release"/>.
/// </summary>
internal readonly struct EditedRequest
{
    private readonly IDisposable? _owner;

    private EditedRequest(ReadOnlyMemory<byte> body, IDisposable? owner)
    {
        Body = body;
        _owner = owner;
    }

    /// <summary>The bytes to send.</summary>
    public ReadOnlyMemory<byte> Body { get; }

    /// <summary>True when the body is an edited copy rather than the received bytes.</summary>
    public bool IsEdited => _owner is not null;

    /// <summary>The received bytes, unchanged.</summary>
    public static EditedRequest Unchanged(ReadOnlyMemory<byte> request) => new(request, null);

    /// <summary>An edited copy, <paramref name="body"/>, kept alive by <paramref name="owner"/> until <see cref="Release"/>.</summary>
    public static EditedRequest Edited(ReadOnlyMemory<byte> body, IDisposable owner)
    {
        ArgumentNullException.ThrowIfNull(owner);
        return new(body, owner);
    }

    /// <summary>Releases an edited copy's buffer; nothing for unchanged bytes. Call once, after sending.</summary>
    public void Release() => _owner?.Dispose();
}
