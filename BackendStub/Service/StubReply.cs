using SoapRouter.Wire.Encoding;

namespace BackendStub.Service;

/// <summary>What the stub answers one request with; dispose it once the body is written, to return its buffer.</summary>
internal sealed class StubReply : IDisposable
{
    /// <summary>The answer to an accepted one-way message: 202 with an empty body, as WCF's HTTP transport gives it.</summary>
    public static readonly StubReply Accepted = new(202, null, null);

    /// <summary>A reply of <paramref name="statusCode"/> with <paramref name="body"/> (owned from now on) of <paramref name="contentType"/>.</summary>
    public StubReply(int statusCode, PooledMessageBytes? body, string? contentType, string? action = null)
    {
        StatusCode = statusCode;
        Body = body;
        ContentType = contentType;
        Action = action;
    }

    /// <summary>The reply message's action (null on basicHttp, whose replies carry none): the compression policy's key.</summary>
    public string? Action { get; }

    /// <summary>HTTP status.</summary>
    public int StatusCode { get; }

    /// <summary>The encoded reply message; null for 202.</summary>
    public PooledMessageBytes? Body { get; }

    /// <summary>Content type of <see cref="Body"/>; null when there is none.</summary>
    public string? ContentType { get; }

    /// <inheritdoc />
    public void Dispose() => Body?.Dispose();
}
