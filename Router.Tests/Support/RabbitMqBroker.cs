using System.Net.Sockets;
using RabbitMQ.Client;

namespace SoapRouter.Tests.Support;

/// <summary>
/// The real rabbitmq-server the RabbitMQ tests use: the one at SOAPROUTER_TEST_RABBITMQ_URI, by default the local node
/// on 127.0.0.1:5672 with the guest user (loopback only). .ci/run installs and starts it (rabbitmq-server -detached).
/// Each test uses queues of its own prefix and deletes them at the end.
/// </summary>
internal static class RabbitMqBroker
{
    /// <summary>The broker's URI.</summary>
    public static string Uri { get; } = Environment.GetEnvironmentVariable("SOAPROUTER_TEST_RABBITMQ_URI") is { Length: > 0 } uri
        ? uri
        : "amqp://guest:guest@127.0.0.1:5672/";

    /// <summary>The broker's AMQP port.</summary>
    public static int Port { get; } = new Uri(Uri).Port is > 0 and var port ? port : 5672;

    /// <summary>True when something listens on the broker's port.</summary>
    public static bool IsListening { get; } = Probe();

    /// <summary>A queue prefix no other test uses.</summary>
    public static string UniquePrefix() => $"test.{Guid.NewGuid():N}.";

    /// <summary>The URI of the broker through <paramref name="port"/> on loopback (a <see cref="TcpTap"/> in front of it).</summary>
    public static string Through(int port)
    {
        var builder = new UriBuilder(Uri) { Host = "127.0.0.1", Port = port };
        return builder.Uri.ToString();
    }

    /// <summary>Deletes every queue whose name starts with <paramref name="prefix"/> among <paramref name="queues"/> (router queue names), with their waiting rooms and dead letters.</summary>
    public static async Task DeleteAsync(string prefix, params string[] queues)
    {
        var factory = new ConnectionFactory { Uri = new Uri(Uri) };
        await using var connection = await factory.CreateConnectionAsync();
        foreach (var queue in queues)
        {
            foreach (var name in new[] { prefix + queue, prefix + queue + ".retry", prefix + queue + ".dead" })
            {
                await using var channel = await connection.CreateChannelAsync();
                await channel.QueueDeleteAsync(name, ifUnused: false, ifEmpty: false);
            }
        }
    }

    /// <summary>Messages ready in the broker's queue <paramref name="name"/>.</summary>
    public static async Task<uint> ReadyAsync(string name)
    {
        var factory = new ConnectionFactory { Uri = new Uri(Uri) };
        await using var connection = await factory.CreateConnectionAsync();
        await using var channel = await connection.CreateChannelAsync();
        return await channel.MessageCountAsync(name);
    }

    private static bool Probe()
    {
        try
        {
            using var client = new TcpClient();
            return client.ConnectAsync("127.0.0.1", new Uri(Uri).Port is > 0 and var port ? port : 5672).Wait(TimeSpan.FromSeconds(1)) && client.Connected;
        }
        catch (Exception ex) when (ex is SocketException or AggregateException)
        {
            return false;
        }
    }
}
