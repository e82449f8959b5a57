namespace BackendStub.Hosting;

/// <summary>
/// The machine-readable lines the stub prints at start, one per endpoint, then <see cref="Ready"/>:
/// <code>
/// endpoint basicHttp http://127.0.0.1:9080/basic
/// endpoint soap12 http://127.0.0.1:9080/soap12
/// endpoint binary http://127.0.0.1:9080/binary
/// endpoint stats http://127.0.0.1:9080/stub/stats
/// endpoint netTcp net.tcp://127.0.0.1:9808/tcp (only when --tcp-port is given)
/// ready
/// </code>
/// Fields are separated by one space; addresses carry the bound port, also when port 0 was asked for.
/// </summary>
public static class StubEndpointLine
{
    /// <summary>The first word of an endpoint line.</summary>
    public const string Keyword = "endpoint";

    /// <summary>The line printed after every endpoint line: the stub is serving.</summary>
    public const string Ready = "ready";

    /// <summary>The line for <paramref name="endpoint"/>.</summary>
    public static string Format(StubEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        return $"{Keyword} {endpoint.Name} {endpoint.Address.AbsoluteUri}";
    }

    /// <summary>Reads an endpoint line; false for any other line.</summary>
    public static bool TryParse(string? line, out StubEndpoint? endpoint)
    {
        endpoint = null;
        var parts = line?.Trim().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts is not { Length: 3 } || parts[0] != Keyword || !Uri.TryCreate(parts[2], UriKind.Absolute, out var address))
        {
            return false;
        }

        endpoint = new StubEndpoint(parts[1], address);
        return true;
    }
}
