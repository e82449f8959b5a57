using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Listening;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Pipeline;

/// <summary>
/// The router's <see cref="MessagePipeline"/> without Kestrel in front: its parts come from the router's own
/// registrations (<see cref="RouterServices.AddSoapRouter"/>) on a router.json written for the test, and its listeners
/// from the router's listener plan, so a test hands it <see cref="InboundMessage"/> values as an HTTP listener would.
/// Destinations are real (RecordingBackend, a refusing port).
/// </summary>
internal sealed class PipelineFixture : IAsyncDisposable
{
    private readonly TempDirectory _directory;
    private readonly RouterConfigProvider _provider;
    private readonly ServiceProvider _services;
    private readonly Dictionary<string, SoapListener> _listeners;
    private RecordingBackend? _backend;

    private PipelineFixture(TempDirectory directory, RouterConfigProvider provider, ServiceProvider services, Dictionary<string, SoapListener> listeners)
    {
        _directory = directory;
        _provider = provider;
        _services = services;
        _listeners = listeners;
        Pipeline = services.GetRequiredService<MessagePipeline>();
    }

    /// <summary>The pipeline, as the router's listeners get it.</summary>
    public MessagePipeline Pipeline { get; }

    /// <summary>The counters every outcome is recorded in.</summary>
    public RouterStatistics Statistics => _services.GetRequiredService<RouterStatistics>();

    /// <summary>The pipeline state of the config in use.</summary>
    public PipelineState State => _services.GetRequiredService<PipelineStateCache>().Current;

    /// <summary>Builds the pipeline on <paramref name="config"/> (the standard listeners "basic", "soap12", "binary" unless it names its own).</summary>
    public static PipelineFixture Start(RouterConfig config)
    {
        var directory = new TempDirectory();
        var file = directory.File("router.json");
        File.WriteAllText(file, TestConfigs.ToJson(config));
        var provider = new RouterConfigProvider(file, NullLogger<RouterConfigProvider>.Instance, TimeProvider.System, TimeSpan.FromHours(1));
        var plan = ListenerPlan.Build(provider.Current.Listeners);
        var services = new ServiceCollection()
            .AddSingleton<ILoggerFactory>(NullLoggerFactory.Instance)
            .AddSingleton(typeof(ILogger<>), typeof(Logger<>))
            .AddSoapRouter(provider, new ListenerSet(plan, provider.Current), TimeProvider.System, new Random(5))
            .BuildServiceProvider();
        var listeners = plan.Endpoints.SelectMany(endpoint => endpoint.Listeners).ToDictionary(listener => listener.Name, StringComparer.Ordinal);
        return new PipelineFixture(directory, provider, services, listeners);
    }

    /// <summary>The backend of <see cref="ToBackendAsync"/>.</summary>
    public RecordingBackend Backend => _backend ?? throw new InvalidOperationException("This pipeline was not built with a backend of its own.");

    /// <summary>The address of <see cref="ToBackendAsync"/>'s destination "d1" on <see cref="Backend"/>.</summary>
    public string DestinationAddress { get; private set; } = "";

    /// <summary>
    /// A backend answering with <paramref name="respond"/>, and the pipeline with one catch-all route "all" to cluster "c",
    /// whose one destination "d1" of <paramref name="binding"/> is that backend; disposing stops both.
    /// </summary>
    public static async Task<PipelineFixture> ToBackendAsync(string binding, Func<HttpContext, ReceivedRequest, RecordingBackend, Task> respond)
    {
        var backend = await RecordingBackend.StartAsync(respond);
        var address = backend.Address("/" + binding);
        try
        {
            var fixture = CatchAll(ListeningRouter.Cluster(binding, [address]));
            fixture._backend = backend;
            fixture.DestinationAddress = address;
            return fixture;
        }
        catch
        {
            await backend.DisposeAsync();
            throw;
        }
    }

    /// <summary>The standard listeners with one catch-all route "all" to cluster "c".</summary>
    public static PipelineFixture CatchAll(ClusterConfig cluster, string[]? idempotentActions = null) =>
        Start(ListeningRouter.Config(
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = idempotentActions ?? [] }],
            new() { ["c"] = cluster }));

    /// <summary>
    /// <paramref name="body"/> as listener <paramref name="listener"/> ("basic", "soap12", "binary") hands it to the
    /// pipeline, in the context of a message begun on the state in use: in a larger buffer (as a pooled one is), with the
    /// content type and SOAPAction its clients send.
    /// </summary>
    public MessageContext Inbound(string listener, byte[] body, string action = "urn:echo", CancellationToken aborted = default)
    {
        var buffer = new byte[body.Length + 37];
        Array.Fill(buffer, (byte)'#');
        body.CopyTo(buffer, 0);
        var context = new MessageContext(_listeners[listener], State);
        context.Inbound = new InboundMessage
        {
            Buffer = buffer,
            Length = body.Length,
            ContentType = listener switch
            {
                "basic" => SoapMessages.Soap11ContentType,
                "soap12" => $"{SoapMessages.Soap12ContentType}; action=\"{action}\"",
                _ => SoapMessages.Msbin1ContentType,
            },
            SoapActionHeader = listener == "basic" ? $"\"{action}\"" : null,
            Aborted = aborted,
        };
        return context;
    }

    /// <summary>Runs the message of <paramref name="context"/> through the pipeline, as a listener does.</summary>
    public ValueTask<PipelineResult> ProcessAsync(MessageContext context) => Pipeline.ProcessAsync(context);

    /// <summary>The HTTP status and Content-Length an HTTP listener writes for <paramref name="answer"/> (the router's own response writer).</summary>
    public static async Task<(int Status, long? ContentLength)> WrittenAsync(ClientAnswer answer)
    {
        var context = new DefaultHttpContext();
        context.Response.Body = new MemoryStream();
        await ListenerResponses.WriteAsync(context, answer.Encoded!);
        return (context.Response.StatusCode, context.Response.ContentLength);
    }

    public async ValueTask DisposeAsync()
    {
        await _services.DisposeAsync();
        _provider.Dispose();
        _directory.Dispose();
        if (_backend is not null)
        {
            await _backend.DisposeAsync();
        }
    }
}
