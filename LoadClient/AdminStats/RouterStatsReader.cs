using System.Text.Json;

namespace LoadClient.AdminStats;

/// <summary>Reads the router's admin /stats before and after the measured phase (--admin-url); a failed read is noted, not fatal.</summary>
internal sealed class RouterStatsReader : IDisposable
{
    private readonly HttpClient _client;
    private readonly Uri _stats;

    /// <summary>Reads <c>/stats</c> of <paramref name="adminUrl"/>, each read bounded by <paramref name="timeout"/>.</summary>
    public RouterStatsReader(Uri adminUrl, TimeSpan timeout)
    {
        ArgumentNullException.ThrowIfNull(adminUrl);
        _stats = new Uri(adminUrl, "/stats");
        _client = new HttpClient(new SocketsHttpHandler { UseProxy = false }, disposeHandler: true) { Timeout = timeout };
    }

    /// <summary>The reading before the measured phase.</summary>
    public JsonElement? Before { get; private set; }

    /// <summary>The reading after it.</summary>
    public JsonElement? After { get; private set; }

    /// <summary>Why a reading failed; null when both worked.</summary>
    public string? Problem { get; private set; }

    /// <summary>The /stats address read.</summary>
    public Uri StatsUrl => _stats;

    /// <summary>Takes the reading before the measured phase.</summary>
    public async Task ReadBeforeAsync(CancellationToken stop) => Before = await ReadAsync(stop);

    /// <summary>Takes the reading after the measured phase.</summary>
    public async Task ReadAfterAsync(CancellationToken stop) => After = await ReadAsync(stop);

    private async Task<JsonElement?> ReadAsync(CancellationToken stop)
    {
        try
        {
            using var response = await _client.GetAsync(_stats, stop);
            if (!response.IsSuccessStatusCode)
            {
                Problem ??= $"GET {_stats} answered {(int)response.StatusCode}.";
                return null;
            }

            var bytes = await response.Content.ReadAsByteArrayAsync(stop);
            using var document = JsonDocument.Parse(bytes);
            return document.RootElement.Clone();
        }
        catch (Exception ex) when (ex is HttpRequestException or JsonException or TaskCanceledException)
        {
            Problem ??= $"GET {_stats} failed: {ex.Message}";
            return null;
        }
    }

    public void Dispose() => _client.Dispose();
}
