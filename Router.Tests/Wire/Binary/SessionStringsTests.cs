using SoapRouter.Wire.Binary;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// SessionStrings reads string tables as WCF's session reader does: each rule is checked against WCF's own session
/// encoder on the same payloads.
/// </summary>
public sealed class SessionStringsTests
{
    private static readonly byte[] EmptyBody = [];

    [Fact]
    public void TryReadTable_EmptyTable_AddsNothingAndTheRecordsFollowIt()
    {
        var strings = new SessionStrings();
        var payload = HandPayloads.Payload([0x00], EmptyBody);

        Assert.True(strings.TryReadTable(payload, out var recordsStart, out var problem), problem);
        Assert.Equal(1, recordsStart);
        Assert.Equal(0, strings.Count);
        Assert.True(WcfReads(payload));
    }

    [Fact]
    public void TryReadTable_TwoTables_NumbersTheirStringsAcrossTheSession()
    {
        var strings = new SessionStrings();
        var first = HandPayloads.Table("alpha", "beta");
        var second = HandPayloads.Table("gamma");

        Assert.True(strings.TryReadTable(HandPayloads.Payload(first, EmptyBody), out var start, out _));
        Assert.Equal(first.Length, start);
        Assert.True(strings.TryReadTable(HandPayloads.Payload(second, EmptyBody), out _, out _));

        Assert.Equal(3, strings.Count);
        Assert.Equal("alpha"u8, strings[0]);
        Assert.Equal("beta"u8, strings[1]);
        Assert.Equal("gamma"u8, strings[2]);
        Assert.Equal(14, strings.ByteCount);
        Assert.Equal(SessionStrings.DefaultMaxSessionSize - (first.Length - 1) - (second.Length - 1), strings.RemainingSessionSize);
        Assert.Throws<ArgumentOutOfRangeException>(() => strings[3].Length);
    }

    [Fact]
    public void TryReadTable_EmptyAndDuplicateStrings_AreKeptUnderTheirOwnIdsAsWcfKeepsThem()
    {
        // <e>(string 2)</e><e>(string 0)</e>: ids 5 and 1.
        var payload = HandPayloads.Payload(HandPayloads.Table("", "same", "same"), [0x40, 0x01, (byte)'e', 0xAB, 0x05, 0x40, 0x01, (byte)'e', 0xAB, 0x01]);
        var strings = new SessionStrings();

        Assert.True(strings.TryReadTable(payload, out _, out _));
        Assert.Equal(3, strings.Count);
        Assert.True(strings[0].IsEmpty);
        AssertSameXml(payload);
    }

    [Fact]
    public void TryReadTable_TablesUpToMaxSessionSize_AreTakenAndOneByteMoreIsRefusedAsByWcf()
    {
        // Two tables of 1024 bytes (a two-byte length and 1022 bytes each) fill WCF's default 2048.
        var half = HandPayloads.Payload(HandPayloads.Table(new string('h', 1022)), EmptyBody);
        var oneMore = HandPayloads.Payload(HandPayloads.Table(string.Empty), EmptyBody);
        var strings = new SessionStrings();

        Assert.True(strings.TryReadTable(half, out _, out _));
        Assert.True(strings.TryReadTable(half, out _, out _));
        Assert.Equal(0, strings.RemainingSessionSize);
        Assert.False(strings.TryReadTable(oneMore, out _, out var problem));
        Assert.Contains("MaxSessionSize", problem, StringComparison.Ordinal);

        Assert.True(WcfReads(half, half));
        Assert.False(WcfReads(half, half, oneMore));
    }

    public static TheoryData<string, byte[]> MalformedPayloads => new()
    {
        { "empty payload", [] },
        { "size truncated", [0x80] },
        { "size past 31 bits", [0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x00] },
        { "table larger than the payload", [0x05, 0x01, (byte)'a'] },
        { "entry past the table", [0x02, 0x05, (byte)'a', .. HandPayloads.Envelope([])] },
        { "entry length truncated", [0x01, 0x80, .. HandPayloads.Envelope([])] },
        { "entry after a good one past the table", [0x03, 0x01, (byte)'a', 0x09, .. HandPayloads.Envelope([])] },
    };

    [Theory]
    [MemberData(nameof(MalformedPayloads))]
    public void TryReadTable_MalformedTable_IsRefusedAppendsNothingAndRefusesTheRestOfTheSessionAsWcfDoes(string what, byte[] payload)
    {
        var good = HandPayloads.Payload(HandPayloads.Table("kept"), EmptyBody);
        var strings = new SessionStrings();
        Assert.True(strings.TryReadTable(good, out _, out _));

        Assert.False(strings.TryReadTable(payload, out _, out var problem), what);
        Assert.NotNull(problem);
        Assert.Equal(1, strings.Count);
        Assert.True(strings.IsBroken);
        Assert.False(strings.TryReadTable(good, out _, out _));

        Assert.False(WcfReads(good, payload), what);
        Assert.False(WcfReadsAfterFailure(good, payload, good), what);
    }

    [Fact]
    public void TryReadTable_InvalidUtf8_KeepsTheReplacementCharactersWcfDecodesItTo()
    {
        // "a" 0xC3 "(" 0xFF: two invalid sequences, each decoded by WCF as U+FFFD.
        var payload = HandPayloads.Payload(HandPayloads.Table([0x61, 0xC3, 0x28, 0xFF]), [0x40, 0x01, (byte)'e', 0xAB, 0x01]);
        var strings = new SessionStrings();

        Assert.True(strings.TryReadTable(payload, out _, out _));
        Assert.Equal(System.Text.Encoding.UTF8.GetBytes("a\uFFFD(\uFFFD"), strings[0].ToArray());
        AssertSameXml(payload);
    }

    [Fact]
    public void Constructor_MaxSessionSizeNotPositive_Throws() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new SessionStrings(0));

    /// <summary>Whether WCF's session reader reads the last of <paramref name="payloads"/> after the others.</summary>
    private static bool WcfReads(params byte[][] payloads) =>
        new SessionDifferential(SoapRouter.Wire.Bindings.WireBindings.NetTcp).ReadOriginal(payloads[..^1], payloads[^1], out _) is not null;

    /// <summary>Whether WCF's session reader reads the last payload after the first and the refused second.</summary>
    private static bool WcfReadsAfterFailure(byte[] first, byte[] refused, byte[] last)
    {
        var encoder = SoapRouter.Wire.Bindings.WireBindings.NetTcp.CreateEncoderFactory(SessionDifferential.Limits).CreateSessionEncoder();
        WcfXml.Replay(encoder, [first]);
        Assert.Null(WcfXml.Read(encoder, refused, out _));
        return WcfXml.Read(encoder, last, out _) is not null;
    }

    private static void AssertSameXml(byte[] payload)
    {
        var differential = new SessionDifferential(SoapRouter.Wire.Bindings.WireBindings.NetTcp);
        var expected = differential.ReadOriginal([], payload, out var error);
        Assert.True(expected is not null, error?.ToString());
        Assert.Equal(expected, differential.ReadTranslation([], payload, out var problem, out var msbin1Error));
        Assert.Null(problem);
        Assert.Null(msbin1Error);
    }
}
