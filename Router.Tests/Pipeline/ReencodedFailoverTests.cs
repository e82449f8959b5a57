using System.Net;
using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Pipeline;

/// <summary>
/// Failover on the re-encode path: every attempt makes its message from the buffer taken before any header was
/// touched, so a backup gets the same message as the destination that failed, addressed to itself.
/// </summary>
public sealed class ReencodedFailoverTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };
    private static readonly MessageCodec Binary = WireBindings.BinaryHttp.CreateCodec(WireLimits.ForSize(1 << 20));
    private static readonly MessageCodec Soap12 = WireBindings.Soap12Http.CreateCodec(WireLimits.ForSize(1 << 20));

    [Fact]
    public async Task PrimaryAnswersGarbage_IdempotentAction_BackupGetsTheSameMessageAddressedToItself()
    {
        // The primary reads the whole request, then answers something no SOAP client can use: the request may have
        // been processed, so only an idempotent action is tried again.
        await using var primary = await RecordingBackend.StartAsync(RecordingBackend.Replies(502, "text/plain", "bad gateway"u8.ToArray()));
        await using var backup = await RecordingBackend.StartAsync(RecordingBackend.Echoes("application/soap+msbin1"));
        var cluster = new ClusterConfig
        {
            Destinations = [new DestinationConfig { Name = "primary", Address = primary.Address("/binary"), Binding = WireBindingNames.BinaryHttp }],
            Backups = [new DestinationConfig { Name = "backup", Address = backup.Address("/binary"), Binding = WireBindingNames.BinaryHttp }],
        };
        var route = TestConfigs.Route("all", "c", TestConfigs.MatchAll()) with { IdempotentActions = ["*"] };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config([route], new() { ["c"] = cluster }));
        using var request = SoapMessages.Request(router.Address("soap12"), "soap12", SoapMessages.Soap12(2000, "urn:echo", "urn:uuid:5b1c0e2a-0000-4000-8000-000000000001"));

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var first = Decode(Assert.Single(primary.Requests).Body);
        var second = Decode(Assert.Single(backup.Requests).Body);
        Assert.Contains($">{primary.Address("/binary")}</a:To>", first, StringComparison.Ordinal);
        Assert.Contains($">{backup.Address("/binary")}</a:To>", second, StringComparison.Ordinal);
        Assert.DoesNotContain(primary.Address("/binary"), second, StringComparison.Ordinal);

        // Apart from To, the two attempts carried the same message: the client's MessageID, action and body bytes.
        Assert.Equal(WithoutTo(first), WithoutTo(second));
        Assert.Contains("urn:uuid:5b1c0e2a-0000-4000-8000-000000000001", second, StringComparison.Ordinal);
        Assert.Equal(1, router.Statistics.Snapshot().Paths.Reencoded.Messages);
    }

    private static string Decode(byte[] msbin1) =>
        Encoding.UTF8.GetString(Soap12.WriteToArray(Binary.Read(new ArraySegment<byte>(msbin1))));

    private static string WithoutTo(string envelope)
    {
        var start = envelope.IndexOf("<a:To ", StringComparison.Ordinal);
        var end = envelope.IndexOf("</a:To>", start, StringComparison.Ordinal) + "</a:To>".Length;
        return envelope[..start] + envelope[end..];
    }
}
