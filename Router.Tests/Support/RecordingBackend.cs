using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A real Kestrel backend on a 127.0.0.1 port chosen by the OS. It records each request's raw body and headers,
/// then lets the test's responder answer it.
/// </summary>
internal sealed class RecordingBackend : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly CancellationTokenSource _stopping = new();

    private RecordingBackend(WebApplication app) => _app = app;

    /// <summary>The pseudo-header under which a request's TLS client certificate subject is recorded.</summary>
    public const string ClientCertificateSubject = ":client-certificate";

    /// <summary>Requests in the order they arrived (fully read before the responder ran).</summary>
    public ConcurrentQueue<ReceivedRequest> Requests { get; } = new();

    /// <summary>The backend's base address, such as http://127.0.0.1:12345.</summary>
    public Uri BaseAddress { get; private set; } = null!;

    /// <summary>Fires when the backend is being disposed, so stalling responders let go.</summary>
    public CancellationToken Stopping => _stopping.Token;

    /// <summary>The absolute address of <paramref name="path"/> on this backend.</summary>
    public string Address(string path = "/service") => new Uri(BaseAddress, path).AbsoluteUri;

    /// <summary>
    /// Starts a backend that answers every request with <paramref name="respond"/>; with <paramref name="https"/>, over
    /// TLS as those options say (Kestrel's own HTTPS, the certificate the test made).
    /// </summary>
    public static async Task<RecordingBackend> StartAsync(
        Func<HttpContext, ReceivedRequest, RecordingBackend, Task> respond, Microsoft.AspNetCore.Server.Kestrel.Https.HttpsConnectionAdapterOptions? https = null)
    {
        ArgumentNullException.ThrowIfNull(respond);
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { EnvironmentName = "Test" });
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrelHttpsConfiguration();
        builder.WebHost.ConfigureKestrel(options => options.Listen(IPAddress.Loopback, 0, listen =>
        {
            if (https is not null)
            {
                listen.UseHttps(https);
            }
        }));
        var app = builder.Build();
        var backend = new RecordingBackend(app);
        app.Run(async context =>
        {
            var received = await ReadAsync(context.Request);
            backend.Requests.Enqueue(received);
            await respond(context, received, backend);
        });

        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        backend.BaseAddress = new Uri(address);
        return backend;
    }

    /// <summary>A responder that writes <paramref name="body"/> with <paramref name="statusCode"/> and <paramref name="contentType"/>.</summary>
    public static Func<HttpContext, ReceivedRequest, RecordingBackend, Task> Replies(int statusCode, string? contentType, byte[] body) =>
        async (context, _, _) =>
        {
            context.Response.StatusCode = statusCode;
            if (contentType is not null)
            {
                context.Response.Headers.ContentType = contentType;
            }

            context.Response.ContentLength = body.Length;
            await context.Response.Body.WriteAsync(body);
        };

    /// <summary>A responder that echoes the request body as <paramref name="contentType"/> with status 200.</summary>
    public static Func<HttpContext, ReceivedRequest, RecordingBackend, Task> Echoes(string contentType) =>
        async (context, received, _) =>
        {
            context.Response.ContentType = contentType;
            context.Response.ContentLength = received.Body.Length;
            await context.Response.Body.WriteAsync(received.Body);
        };

    /// <summary>A responder that never answers, until the client goes away or the backend stops.</summary>
    public static Func<HttpContext, ReceivedRequest, RecordingBackend, Task> Stalls() =>
        async (context, _, backend) =>
        {
            using var either = CancellationTokenSource.CreateLinkedTokenSource(context.RequestAborted, backend.Stopping);
            try
            {
                await Task.Delay(Timeout.Infinite, either.Token);
            }
            catch (OperationCanceledException)
            {
                // The client gave up or the test ended: nothing to answer.
            }
        };

    public async ValueTask DisposeAsync()
    {
        await _stopping.CancelAsync();
        await _app.StopAsync();
        await _app.DisposeAsync();
        _stopping.Dispose();
    }

    private static async Task<ReceivedRequest> ReadAsync(HttpRequest request)
    {
        using var body = new MemoryStream();
        await request.Body.CopyToAsync(body);
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var (name, values) in request.Headers)
        {
            headers[name] = values.ToString();
        }

        // The TLS client's certificate, as a pseudo-header a test can read like the others.
        if (request.HttpContext.Connection.ClientCertificate is { } certificate)
        {
            headers[ClientCertificateSubject] = certificate.Subject;
        }

        return new ReceivedRequest(request.Method, request.Path.Value ?? "", body.ToArray(), headers, request.QueryString.Value ?? "");
    }
}
