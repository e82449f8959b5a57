namespace SoapRouter.Tests.BackendStub;

/// <summary>Sends <see cref="StubRequest"/>s with a real <see cref="HttpClient"/>.</summary>
internal static class StubHttp
{
    /// <summary>POSTs <paramref name="request"/> to <paramref name="address"/> and reads the whole reply.</summary>
    public static async Task<StubReply> SendAsync(this HttpClient client, Uri address, StubRequest request, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(request);
        using var message = request.ToHttpRequest(address);
        using var response = await client.SendAsync(message, cancellationToken);
        var body = await response.Content.ReadAsByteArrayAsync(cancellationToken);
        return new StubReply(request.Binding, response.StatusCode, response.Content.Headers.ContentType?.ToString(), body);
    }
}
