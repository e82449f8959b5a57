using System.Diagnostics;

namespace LoadClient.Driving;

/// <summary>
/// LoadClient's client spans: one per request, whose id goes out as the traceparent header (raw HTTP), so a demo
/// through the router shows LoadClient, router and backend in one trace. Free when nobody listens.
/// </summary>
internal static class LoadTracing
{
    /// <summary>The ActivitySource name.</summary>
    public const string Name = "SoapRouter.LoadClient";

    /// <summary>LoadClient's spans.</summary>
    public static ActivitySource Source { get; } = new(Name);

    /// <summary>Sends one request on <paramref name="channel"/> inside a client span (when one is sampled).</summary>
    public static Task<SendResult> SendAsync(ILoadChannel channel) =>
        Source.HasListeners() ? SendTracedAsync(channel) : channel.SendAsync();

    /// <summary>The traceparent of the current request's span; null outside one.</summary>
    public static string? CurrentTraceParent =>
        Activity.Current is { IdFormat: ActivityIdFormat.W3C } current && ReferenceEquals(current.Source, Source) ? current.Id : null;

    private static async Task<SendResult> SendTracedAsync(ILoadChannel channel)
    {
        using var activity = Source.StartActivity("soap request", ActivityKind.Client);
        var result = await channel.SendAsync();
        if (activity is { IsAllDataRequested: true })
        {
            activity.SetTag("http.response.status_code", result.StatusCode);
            activity.SetTag("loadclient.outcome", result.Outcome.ToString());
            if (result.Outcome != RequestOutcome.Ok)
            {
                activity.SetStatus(ActivityStatusCode.Error, result.ErrorType);
            }
        }

        return result;
    }
}
