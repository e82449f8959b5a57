namespace SoapRouter.Queues;

/// <summary>The names of the queues a route's durable messages go to: its own, and one per copy, so one slow copy target never holds the others.</summary>
internal static class QueueNames
{
    /// <summary>The queue of <paramref name="route"/>'s own cluster.</summary>
    public static string Of(string route) => route;

    /// <summary>The queue of <paramref name="route"/>'s copy to <paramref name="cluster"/>.</summary>
    public static string CopyOf(string route, string cluster) => $"{route}->{cluster}";
}
