using System.ServiceModel;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub.Streamed;

/// <summary>
/// The stub's streamed endpoints called by stock WCF clients with TransferMode.Streamed (the shape a WCF service with
/// a Stream contract speaks): uploads are hashed as they arrive, downloads are written as they are sent, byte-exact.
/// </summary>
public sealed class StubStreamedEndpointTests : IAsyncLifetime
{
    private const long Size = 8L << 20;

    private RunningStub _stub = null!;

    public static TheoryData<string> Endpoints => new() { "basicStreamed", "soap12Streamed", "binaryStreamed" };

    public async Task InitializeAsync() => _stub = await RunningStub.StartAsync();

    public async Task DisposeAsync() => await _stub.DisposeAsync();

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Upload_StockStreamedClient_StubHashesEveryByte(string endpoint)
    {
        using var client = Client(endpoint);

        var digest = await client.Channel.UploadAsync(new PatternStream(Size));

        Assert.Equal(StreamDigest.OfPattern(Size), digest);
        Assert.Equal(1, (await _stub.StatsAsync()).StreamedRequests![endpoint]);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Download_StockStreamedClient_ReadsThePatternByteExact(string endpoint)
    {
        using var client = Client(endpoint);

        await using var stream = await client.Channel.DownloadAsync(Size);

        Assert.Equal(StreamDigest.OfPattern(Size), await StreamDigest.OfAsync(stream));
    }

    [Fact]
    public async Task Download_NegativeLength_IsADeserializationFault()
    {
        using var client = Client("basicStreamed");

        // WCF turns the DeserializationFailed subcode into a ProtocolException carrying the fault's reason.
        var fault = await Assert.ThrowsAsync<ProtocolException>(() => client.Channel.DownloadAsync(-1));

        Assert.Contains("length must be from 0", fault.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Upload_WithAbortAfter_ResetsTheConnectionMidStream()
    {
        var address = new UriBuilder(_stub.Host.AddressOf("basicStreamed")) { Query = "abortAfter=1048576" }.Uri;
        using var client = StubWcfClient<IStreamedService>.Create(WireBindings.BasicHttp.CreateStreamedClientBinding(WireLimits.Default), address);

        await Assert.ThrowsAnyAsync<CommunicationException>(() => client.Channel.UploadAsync(new PatternStream(Size)));
    }

    private StubWcfClient<IStreamedService> Client(string endpoint)
    {
        var binding = StubSoapEndpoints.Streamed.Single(e => e.Name == endpoint).Binding;
        return StubWcfClient<IStreamedService>.Create(binding.CreateStreamedClientBinding(WireLimits.Default), _stub.Host.AddressOf(endpoint));
    }
}
