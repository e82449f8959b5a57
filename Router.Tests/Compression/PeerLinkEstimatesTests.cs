using System.Net;
using SoapRouter.Compression;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Compression;

/// <summary>The per-client table: bounded, least recently seen out first, idle clients back on the listener's estimate.</summary>
public sealed class PeerLinkEstimatesTests
{
    private readonly FakeTimeProvider _time = new();
    private readonly CompressionLink _link = new(new CompressionOptions());

    [Fact]
    public void Get_TheSameClientTwice_IsOneEstimate_TwoClientsAreTwo()
    {
        var table = new PeerLinkEstimates(_time);

        var first = table.Get(_link, Peer(1));

        Assert.Same(first, table.Get(_link, Peer(1)));
        Assert.NotSame(first, table.Get(_link, Peer(2)));
        Assert.NotSame(first, table.Get(new CompressionLink(new CompressionOptions()), Peer(1)));
        Assert.Equal(3, table.Count);
    }

    [Fact]
    public void PastTheCap_TheLeastRecentlySeenClientGoes()
    {
        var table = new PeerLinkEstimates(_time, new LinkEstimatesConfig { MaxPeers = 2 });
        var one = table.Get(_link, Peer(1));
        table.Get(_link, Peer(2));
        Assert.Same(one, table.Get(_link, Peer(1)));

        table.Get(_link, Peer(3));

        Assert.Equal(2, table.Count);
        Assert.Same(one, table.Get(_link, Peer(1)));
        var snapshot = table.Snapshot(_ => "listener:a");
        Assert.Equal(["127.0.0.1", "127.0.0.3"], snapshot.Recent.Select(peer => peer.Peer));
        Assert.Equal(1, snapshot.Evicted);
        Assert.Equal(2L * PeerLinkEstimates.BytesPerPeer, snapshot.Bytes);
    }

    [Fact]
    public void CapZero_KeepsNoClient()
    {
        var table = new PeerLinkEstimates(_time, new LinkEstimatesConfig { MaxPeers = 0 });

        Assert.Null(table.Get(_link, Peer(1)));
        Assert.Null(table.BytesPerSecond(null));
    }

    [Fact]
    public void Configure_ALowerCap_DropsTheLeastRecentlySeen()
    {
        var table = new PeerLinkEstimates(_time);
        for (var i = 1; i <= 5; i++)
        {
            table.Get(_link, Peer(i));
        }

        table.Configure(new LinkEstimatesConfig { MaxPeers = 2 });

        Assert.Equal(["127.0.0.5", "127.0.0.4"], table.Snapshot(_ => null).Recent.Select(peer => peer.Peer));
    }

    [Fact]
    public void AClientNotMeasuredForTheIdleTimeout_FallsBackToTheListener_UntilMeasuredAgain()
    {
        var table = new PeerLinkEstimates(_time, new LinkEstimatesConfig { IdleTimeout = TimeSpan.FromMinutes(2) });
        var peer = table.Get(_link, Peer(1))!;
        Assert.Null(table.BytesPerSecond(peer));

        peer.Estimator.RecordRate(187_500, applicationLimited: false);
        peer.Sampled(_time.GetTimestamp());
        _time.Advance(TimeSpan.FromMinutes(2));
        Assert.Equal(187_500, table.BytesPerSecond(peer));

        _time.Advance(TimeSpan.FromSeconds(1));
        Assert.Null(table.BytesPerSecond(peer));

        peer.Sampled(_time.GetTimestamp());
        Assert.Equal(187_500, table.BytesPerSecond(peer));
    }

    [Fact]
    public void Forget_DropsTheEstimatesOfAStaleLink()
    {
        var table = new PeerLinkEstimates(_time);
        var other = new CompressionLink(new CompressionOptions());
        table.Get(_link, Peer(1));
        table.Get(other, Peer(1));

        table.Forget(link => link == other);

        Assert.Equal(1, table.Count);
    }

    [Fact]
    public void ACertificate_IsTheKey_WhateverTheAddress()
    {
        using var pki = new TestPki();
        var certificate = pki.Client("partner").Certificate;
        var table = new PeerLinkEstimates(_time);

        var first = table.Get(_link, PeerKey.Of(IPAddress.Parse("10.0.0.1"), certificate));

        Assert.Same(first, table.Get(_link, PeerKey.Of(IPAddress.Parse("10.0.0.2"), certificate)));
        Assert.StartsWith("cert:", first!.Peer.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void BytesPerPeer_CoversWhatAnEntryAllocates()
    {
        const int Count = 20_000;
        var table = new PeerLinkEstimates(_time, new LinkEstimatesConfig { MaxPeers = Count });
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Count; i++)
        {
            table.Get(_link, new PeerKey(new IPAddress(BitConverter.GetBytes(0x0A000000 + i)), null));
        }

        var perPeer = (GC.GetAllocatedBytesForCurrentThread() - before) / Count;

        Assert.InRange(perPeer, PeerLinkEstimates.BytesPerPeer / 2, PeerLinkEstimates.BytesPerPeer);
    }

    private static PeerKey Peer(int last) => new(IPAddress.Parse("127.0.0." + last), null);
}
