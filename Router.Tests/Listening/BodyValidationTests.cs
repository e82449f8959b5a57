using System.Net;
using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>
/// Messages whose headers are fine and whose body is not: refused with a Sender fault on a listener that checks the
/// whole envelope (the default), forwarded as they came on one with <c>validateBody: false</c>.
/// </summary>
public sealed class BodyValidationTests
{
    private const string Prefix =
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header><h xmlns=\"urn:test\">v</h></s:Header><s:Body>";

    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    public static TheoryData<string, string> BrokenBodies => new()
    {
        { "truncated", Prefix + "<Echo xmlns=\"urn:test\"><Item>1</Item><Item>2" },
        { "unclosed", Prefix + "<Echo xmlns=\"urn:test\"><Item>1</Echo></s:Body></s:Envelope>" },
        { "too deep", Prefix + string.Concat(Enumerable.Repeat("<a>", 100)) + string.Concat(Enumerable.Repeat("</a>", 100)) + "</s:Body></s:Envelope>" },
        { "doctype", Prefix + "<!DOCTYPE x [<!ENTITY e \"boom\">]><Echo xmlns=\"urn:test\">&e;</Echo></s:Body></s:Envelope>" },
        { "second root", Prefix + "<Echo xmlns=\"urn:test\"/></s:Body></s:Envelope><extra/>" },
    };

    [Theory]
    [MemberData(nameof(BrokenBodies))]
    public async Task BrokenBody_ValidatingListener_SenderFaultAndNothingForwarded(string name, string envelope)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var router = await StartAsync(backend);

        using var request = SoapMessages.Request(router.Address("basic"), "basic", Encoding.UTF8.GetBytes(envelope));
        using var response = await Client.SendAsync(request);
        var text = await response.Content.ReadAsStringAsync();

        Assert.True(response.StatusCode == HttpStatusCode.InternalServerError, $"{name}: {response.StatusCode}");
        Assert.Contains("s:Client", text, StringComparison.Ordinal);
        Assert.Empty(backend.Requests);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BadRequest);
    }

    [Theory]
    [MemberData(nameof(BrokenBodies))]
    public async Task BrokenBody_TrustedListener_ForwardedUnchecked(string name, string envelope)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, SoapMessages.Soap11ContentType, SoapMessages.Soap11(10)));
        await using var router = await StartAsync(backend);
        var body = Encoding.UTF8.GetBytes(envelope);

        using var request = SoapMessages.Request(router.Address("basic-trusted"), "basic", body);
        using var response = await Client.SendAsync(request);

        Assert.True(response.StatusCode == HttpStatusCode.OK, $"{name}: {response.StatusCode}");
        Assert.Equal(body, Assert.Single(backend.Requests).Body);
        Assert.Equal(0, router.Statistics.Snapshot().Faults.BadRequest);
    }

    [Fact]
    public async Task ValidBody_ValidatingListener_Forwarded()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var router = await StartAsync(backend);
        var body = Encoding.UTF8.GetBytes(Prefix + "<Echo xmlns=\"urn:test\"><Item>1</Item></Echo></s:Body></s:Envelope>");

        using var request = SoapMessages.Request(router.Address("basic"), "basic", body);
        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(body, Assert.Single(backend.Requests).Body);
    }

    [Fact]
    public async Task Msbin1CorruptedBody_BinaryListener_SenderFaultAndNothingForwarded()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Msbin1ContentType));
        await using var router = await StartAsync(backend, WireBindingNames.BinaryHttp);
        var valid = SoapMessages.Binary(400);

        // The headers come first and stay whole; the body's records are cut off in the middle of its text.
        var corrupted = valid.AsSpan(0, valid.Length - 120).ToArray();
        using var request = SoapMessages.Request(router.Address("binary"), "binary", corrupted);
        using var response = await Client.SendAsync(request);
        var reply = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Equal("The message body could not be read.", SoapMessages.FaultReason(reply, response.Content.Headers.ContentType));
        Assert.Empty(backend.Requests);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BadRequest);

        using var good = SoapMessages.Request(router.Address("binary"), "binary", valid);
        using var answered = await Client.SendAsync(good);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }

    private static Task<ListeningRouter> StartAsync(RecordingBackend backend, string binding = WireBindingNames.BasicHttp)
    {
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(binding, [backend.Address()]));
        return ListeningRouter.StartAsync(config with
        {
            Listeners =
            [
                .. config.Listeners,
                new ListenerConfig
                {
                    Name = "basic-trusted", Binding = WireBindingNames.BasicHttp, Address = "http://127.0.0.1:0/router/basic-trusted", ValidateBody = false,
                },
            ],
        });
    }
}
