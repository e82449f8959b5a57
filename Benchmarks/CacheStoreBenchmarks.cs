using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Caching;
using SoapRouter.Configuration;
using SoapRouter.Forwarding.Http;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;

namespace SoapRouter.Benchmarks;

/// <summary>
/// What the response cache adds to one request (issue 23, the 80%-repeated-keys workload): a miss that is stored (a new
/// key every time, so every call runs the backend call and keeps its reply; past cache.memoryLimitBytes entries are
/// evicted as in the load benchmark) and a hit, against the backend call alone. The backend call is stood in for by
/// copying the reply into a pooled buffer, as the forwarding path hands it over, at once or after a thread-pool hop; the reply is a basicHttp GetOrders
/// answer of SizeKB. The real ResponseCache (HybridCache over the size-limited MemoryCache, no Redis). Baseline: the
/// backend call alone.
/// </summary>
[MemoryDiagnoser]
public class CacheStoreBenchmarks : IDisposable
{
    private const string Route = "orders";
    private const string Action = "http://tempuri.org/IOrderService/GetOrders";
    private readonly RouterStatistics _statistics = new();
    private ServiceProvider? _services;
    private ResponseCache _cache = null!;
    private RouteCachePolicy _policy = null!;
    private CachedAction _action = null!;
    private byte[] _reply = [];
    private string _hitKey = "";
    private long _next;

    /// <summary>The reply's size in KB (150: the load benchmark's GetOrders(1000)).</summary>
    [Params(16, 150)]
    public int SizeKB { get; set; }

    /// <summary>
    /// True: the backend's reply arrives on another thread (a thread-pool hop first, as a socket's completion does), so the
    /// cache's call is under way when the request waits for it; false: the reply is there at once.
    /// </summary>
    [Params(false, true)]
    public bool AsyncBackend { get; set; }

    /// <summary>The cache, the route's policy, the reply, and one stored entry for the hits.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _services = new ServiceCollection()
            .AddSingleton<ILoggerFactory>(NullLoggerFactory.Instance)
            .AddSingleton(typeof(ILogger<>), typeof(Logger<>))
            .AddSingleton(TimeProvider.System)
            .AddSingleton(_statistics)
            .AddResponseCache(new CacheConfig { MemoryLimitBytes = 256L << 20 }, TimeProvider.System)
            .BuildServiceProvider();
        _cache = _services.GetRequiredService<ResponseCache>();
        _policy = new RouteCachePolicy(Route, new RouteCacheConfig { Actions = [Action], Ttl = TimeSpan.FromHours(1) });
        _action = _policy.Find(Action)!;
        _reply = Reply(SizeKB * 1024);
        _hitKey = NextKey();
        using var stored = _cache.ServeAsync(_hitKey, _policy, _action, new CopyProduction(_reply, AsyncBackend), messageId: null).AsTask().GetAwaiter().GetResult().Answer;
    }

    /// <summary>Drops the cache.</summary>
    [GlobalCleanup]
    public void Dispose()
    {
        _services?.DisposeAsync().AsTask().GetAwaiter().GetResult();
        GC.SuppressFinalize(this);
    }

    /// <summary>The backend call alone: the reply copied into a pooled buffer, answered, returned.</summary>
    [Benchmark(Baseline = true)]
    public async Task<int> BackendCallOnly()
    {
        using var answer = await new CopyProduction(_reply, AsyncBackend).ForwardAsync();
        return answer!.Length;
    }

    /// <summary>A miss on a new key: the backend call, then the reply stored.</summary>
    [Benchmark]
    public async Task<int> MissStored()
    {
        var outcome = await _cache.ServeAsync(NextKey(), _policy, _action, new CopyProduction(_reply, AsyncBackend), messageId: null);
        using var answer = outcome.Answer;
        return outcome.Result == CacheResult.Miss ? answer!.Length : throw new InvalidOperationException($"expected a miss, got {outcome.Result}");
    }

    /// <summary>A hit: the stored reply, no backend call.</summary>
    [Benchmark]
    public async Task<int> Hit()
    {
        var outcome = await _cache.ServeAsync(_hitKey, _policy, _action, new CopyProduction(_reply, AsyncBackend), messageId: null);
        using var answer = outcome.Answer;
        return outcome.Result == CacheResult.Hit ? answer!.Length : throw new InvalidOperationException($"expected a hit, got {outcome.Result}");
    }

    private string NextKey()
    {
        Span<byte> hash = stackalloc byte[32];
        BinaryPrimitives.WriteInt64LittleEndian(hash, Interlocked.Increment(ref _next));
        return CacheKey.Format(Route, Action, hash);
    }

    /// <summary>A basicHttp GetOrdersResponse (no WS-Addressing headers, as the load benchmark's) of about <paramref name="size"/> bytes.</summary>
    private static byte[] Reply(int size)
    {
        var text = new StringBuilder("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><GetOrdersResponse xmlns=\"http://tempuri.org/\"><GetOrdersResult>");
        for (var i = 0; text.Length < size - 80; i++)
        {
            text.Append("<Order><Id>").Append(i).Append("</Id><CustomerID>ALFKI</CustomerID><ShipCity>Berlin</ShipCity></Order>");
        }

        return Encoding.UTF8.GetBytes(text.Append("</GetOrdersResult></GetOrdersResponse></s:Body></s:Envelope>").ToString());
    }

    /// <summary>The backend call as the forwarding path ends it: the reply's bytes in a buffer rented from the shared pool.</summary>
    private sealed class CopyProduction(byte[] reply, bool later) : CacheProduction
    {
        public override async ValueTask<ClientAnswer?> ForwardAsync()
        {
            if (later)
            {
                await Task.Yield();
            }

            var buffer = ArrayPool<byte>.Shared.Rent(reply.Length);
            reply.CopyTo(buffer, 0);
            return ClientAnswer.FromEncoded(
                new RawSoapReply(StatusCodes.Status200OK, "text/xml; charset=utf-8", buffer, reply.Length, ArrayPool<byte>.Shared), isFault: false);
        }
    }
}
