using System.Globalization;
using System.Text;
using RabbitMQ.Client;

namespace SoapRouter.Queues.RabbitMq;

/// <summary>
/// A <see cref="StoredMessage"/> as a RabbitMQ message: the body as it is, what the router needs to read and route it in
/// the basic properties and headers. One publish reaches every queue of an accepted message (its route's and its copies',
/// by sender-selected distribution: the BCC header), so the cluster of each queue travels in a table keyed by queue.
/// </summary>
internal static class RabbitMqEnvelope
{
    private const string Route = "soaprouter-route";
    private const string Listener = "soaprouter-listener";
    private const string SoapAction = "soaprouter-soap-action";
    private const string TraceParent = "soaprouter-traceparent";
    private const string Enqueued = "soaprouter-enqueued";
    private const string Attempts = "soaprouter-attempts";
    private const string Reason = "soaprouter-reason";
    private const string Clusters = "soaprouter-clusters";
    private const string Key = "soaprouter-key";

    /// <summary>The properties of <paramref name="message"/> published to <paramref name="targets"/> (queue names on the broker, with their clusters).</summary>
    public static BasicProperties Properties(StoredMessage message, IReadOnlyList<(string Broker, string Cluster)> targets, string key)
    {
        var clusters = new Dictionary<string, object?>(targets.Count, StringComparer.Ordinal);
        foreach (var (broker, cluster) in targets)
        {
            clusters[broker] = cluster;
        }

        var headers = new Dictionary<string, object?>(StringComparer.Ordinal)
        {
            [Route] = message.Route,
            [Listener] = message.Listener,
            [Enqueued] = message.EnqueuedAt,
            [Attempts] = message.Attempts,
            [Clusters] = clusters,
            [Key] = key,
        };
        AddIfSet(headers, SoapAction, message.SoapAction);
        AddIfSet(headers, TraceParent, message.TraceParent);
        AddIfSet(headers, Reason, message.Reason);
        if (targets.Count > 1)
        {
            // Sender-selected distribution: the broker routes the one message to these queues too, in the same publish
            // (one confirm for all), and drops the header before storing it.
            var others = new List<object>(targets.Count - 1);
            for (var i = 1; i < targets.Count; i++)
            {
                others.Add(targets[i].Broker);
            }

            headers["BCC"] = others;
        }

        return new BasicProperties
        {
            Persistent = true,
            ContentType = message.ContentType,
            MessageId = message.MessageId,
            Timestamp = new AmqpTimestamp(message.EnqueuedAt / 1000),
            Headers = headers,
        };
    }

    /// <summary>
    /// The message <paramref name="properties"/> and <paramref name="body"/> carry, as kept in <paramref name="queue"/>
    /// (the router's name; <paramref name="broker"/> is the broker's); null when they are not a router's message.
    /// </summary>
    public static StoredMessage? Read(long id, string queue, string broker, IReadOnlyBasicProperties properties, ReadOnlyMemory<byte> body, bool withBody = true)
    {
        var headers = properties.Headers;
        if (headers is null || Text(headers, Route) is not { } route || Text(headers, Listener) is not { } listener)
        {
            return null;
        }

        var cluster = headers.TryGetValue(Clusters, out var table) && table is IDictionary<string, object?> clusters
            ? Text(clusters, broker)
            : null;
        if (cluster is null)
        {
            return null;
        }

        return new StoredMessage
        {
            Id = id,
            Queue = queue,
            Route = route,
            Cluster = cluster,
            Listener = listener,
            ContentType = properties.ContentType ?? string.Empty,
            SoapAction = Text(headers, SoapAction),
            TraceParent = Text(headers, TraceParent),
            MessageId = properties.MessageId,
            Body = withBody ? body.ToArray() : new byte[body.Length],
            EnqueuedAt = Number(headers, Enqueued),
            Attempts = (int)Number(headers, Attempts),
            Reason = Text(headers, Reason) ?? DeathReason(headers),
        };
    }

    /// <summary>The key that names one accepted message across its retries (its deliveries have tags of their own).</summary>
    public static string? KeyOf(IReadOnlyBasicProperties properties) => properties.Headers is { } headers ? Text(headers, Key) : null;

    private static void AddIfSet(Dictionary<string, object?> headers, string name, string? value)
    {
        if (value is not null)
        {
            headers[name] = value;
        }
    }

    /// <summary>A header's text: the client hands AMQP long strings back as bytes.</summary>
    private static string? Text(IDictionary<string, object?> headers, string name) => headers.TryGetValue(name, out var value)
        ? value switch
        {
            byte[] bytes => Encoding.UTF8.GetString(bytes),
            string text => text,
            null => null,
            var other => Convert.ToString(other, CultureInfo.InvariantCulture),
        }
        : null;

    private static long Number(IDictionary<string, object?> headers, string name) =>
        headers.TryGetValue(name, out var value) && value is not null and not byte[] ? Convert.ToInt64(value, CultureInfo.InvariantCulture) : 0;

    /// <summary>Why RabbitMQ itself dead-lettered a message (its delivery limit, say), from the x-death header it adds.</summary>
    private static string? DeathReason(IDictionary<string, object?> headers)
    {
        if (!headers.TryGetValue("x-death", out var deaths) || deaths is not IList<object> { Count: > 0 } list || list[0] is not IDictionary<string, object?> death)
        {
            return null;
        }

        return Text(death, "reason") is { } reason ? $"RabbitMQ dead-lettered it ({reason})" : null;
    }
}
