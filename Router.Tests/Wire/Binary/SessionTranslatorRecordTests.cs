using SoapRouter.Tests.Support;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Each record that names a session string, translated to its inline form byte for byte, and read by WCF's msbin1
/// reader as the same XML WCF's session reader makes of the original; static ids and other records copied; every
/// problem a problem with nothing left rented.
/// </summary>
public sealed class SessionTranslatorRecordTests
{
    // Session strings 0 "n" (id 1), 1 "urn:x" (id 3), 2 "v" (id 5).
    private static readonly byte[] Strings = HandPayloads.Table("n", "urn:x", "v");

    public static TheoryData<string, byte[], byte[]> Records => new()
    {
        { "ShortDictionaryElement", [0x42, 0x01, 0x01], [0x40, 0x01, .. "n"u8, 0x01] },
        { "DictionaryElement and DictionaryXmlnsAttribute", [0x43, 0x01, .. "p"u8, 0x01, 0x0B, 0x01, .. "p"u8, 0x03, 0x01], [0x41, 0x01, .. "p"u8, 0x01, .. "n"u8, 0x09, 0x01, .. "p"u8, 0x05, .. "urn:x"u8, 0x01] },
        { "PrefixDictionaryElementB", [0x45, 0x01, 0x0B, 0x01, .. "b"u8, 0x03, 0x01], [0x5F, 0x01, .. "n"u8, 0x09, 0x01, .. "b"u8, 0x05, .. "urn:x"u8, 0x01] },
        { "ShortDictionaryXmlnsAttribute", [0x40, 0x01, .. "e"u8, 0x0A, 0x03, 0x01], [0x40, 0x01, .. "e"u8, 0x08, 0x05, .. "urn:x"u8, 0x01] },
        { "ShortDictionaryAttribute", [0x40, 0x01, .. "e"u8, 0x06, 0x01, 0x98, 0x01, .. "a"u8, 0x01], [0x40, 0x01, .. "e"u8, 0x04, 0x01, .. "n"u8, 0x98, 0x01, .. "a"u8, 0x01] },
        { "DictionaryAttribute", [0x40, 0x01, .. "e"u8, 0x09, 0x01, .. "p"u8, 0x01, .. "q"u8, 0x07, 0x01, .. "p"u8, 0x01, 0x86, 0x01], [0x40, 0x01, .. "e"u8, 0x09, 0x01, .. "p"u8, 0x01, .. "q"u8, 0x05, 0x01, .. "p"u8, 0x01, .. "n"u8, 0x86, 0x01] },
        { "PrefixDictionaryAttributeC", [0x40, 0x01, .. "e"u8, 0x09, 0x01, .. "c"u8, 0x01, .. "q"u8, 0x0E, 0x01, 0x88, 0x07, 0x01], [0x40, 0x01, .. "e"u8, 0x09, 0x01, .. "c"u8, 0x01, .. "q"u8, 0x28, 0x01, .. "n"u8, 0x88, 0x07, 0x01] },
        { "DictionaryText as an attribute's value", [0x40, 0x01, .. "e"u8, 0x04, 0x01, .. "a"u8, 0xAA, 0x05, 0x01], [0x40, 0x01, .. "e"u8, 0x04, 0x01, .. "a"u8, 0x98, 0x01, .. "v"u8, 0x01] },
        { "DictionaryTextWithEndElement", [0x40, 0x01, .. "e"u8, 0xAB, 0x05], [0x40, 0x01, .. "e"u8, 0x99, 0x01, .. "v"u8] },
        { "DictionaryText then more text", [0x40, 0x01, .. "e"u8, 0xAA, 0x05, 0x99, 0x01, .. "!"u8], [0x40, 0x01, .. "e"u8, 0x98, 0x01, .. "v"u8, 0x99, 0x01, .. "!"u8] },
        { "QNameDictionaryTextWithEndElement", [0x40, 0x01, .. "e"u8, 0x09, 0x01, .. "b"u8, 0x01, .. "q"u8, 0xBD, 0x01, 0x01], [0x40, 0x01, .. "e"u8, 0x09, 0x01, .. "b"u8, 0x01, .. "q"u8, 0x99, 0x03, .. "b:n"u8] },
        { "QNameDictionaryText as an attribute's value", [0x40, 0x01, .. "e"u8, 0x04, 0x01, .. "a"u8, 0xBC, 0x19, 0x05, 0x01], [0x40, 0x01, .. "e"u8, 0x04, 0x01, .. "a"u8, 0x98, 0x03, .. "z:v"u8, 0x01] },
        { "DictionaryText in a list", [0x40, 0x01, .. "e"u8, 0xA4, 0xAA, 0x05, 0x88, 0x07, 0xAA, 0x01, 0xA6, 0x01], [0x40, 0x01, .. "e"u8, 0xA4, 0x98, 0x01, .. "v"u8, 0x88, 0x07, 0x98, 0x01, .. "n"u8, 0xA6, 0x01] },
        { "Array named by a session string", [0x03, 0x42, 0x01, 0x01, 0x8D, 0x02, 1, 0, 0, 0, 2, 0, 0, 0], [0x03, 0x40, 0x01, .. "n"u8, 0x01, 0x8D, 0x02, 1, 0, 0, 0, 2, 0, 0, 0] },
        { "Array whose element has a session attribute", [0x03, 0x40, 0x01, .. "e"u8, 0x06, 0x01, 0x98, 0x01, .. "a"u8, 0x01, 0x93, 0x01, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F], [0x03, 0x40, 0x01, .. "e"u8, 0x04, 0x01, .. "n"u8, 0x98, 0x01, .. "a"u8, 0x01, 0x93, 0x01, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F] },
        { "static ids and other records", [0x42, 0x08, 0x06, 0x0C, 0xAA, 0x0E, 0x9E, 0x02, 0x01, 0x02, 0xAB, 0x14, 0x02, 0x01, .. "c"u8], [0x42, 0x08, 0x06, 0x0C, 0xAA, 0x0E, 0x9E, 0x02, 0x01, 0x02, 0xAB, 0x14, 0x02, 0x01, .. "c"u8] },
    };

    [Theory]
    [MemberData(nameof(Records))]
    public void ToMsbin1_SessionRecord_IsWrittenInlineAndReadsAsTheSameXml(string what, byte[] body, byte[] translatedBody)
    {
        var payload = HandPayloads.Payload(Strings, body);
        var differential = new SessionDifferential(WireBindings.NetTcp);

        var translation = differential.Translate([], payload);
        Assert.True(translation.Succeeded, $"{what}: {translation.Problem}");
        Assert.Equal(HandPayloads.Envelope(translatedBody), translation.Records.ToArray());
        differential.Pool.Return(translation.Buffer!);

        var expected = differential.ReadOriginal([], payload, out var error);
        Assert.True(expected is not null, $"{what}: WCF's session reader refused it: {error}");
        Assert.Equal(expected, differential.ReadTranslation([], payload, out _, out _));
        Assert.Equal(0, differential.Pool.Outstanding);
    }

    [Fact]
    public void ToMsbin1_LongSessionStrings_BecomeChars16AndChars32Text()
    {
        var strings = new SessionStrings(200_000);
        var medium = new string('m', 300);
        var large = new string('l', 70_000);
        Assert.True(strings.TryReadTable(HandPayloads.Table(medium, large), out _, out _));
        var pool = new CountingArrayPool();

        var translation = SessionTranslator.ToMsbin1([0xAA, 0x01, 0xAB, 0x03], strings, new ArrayPoolBufferManager(pool), 0, int.MaxValue);

        Assert.True(translation.Succeeded, translation.Problem);
        byte[] expected = [0x9A, 0x2C, 0x01, .. System.Text.Encoding.UTF8.GetBytes(medium), 0x9D, 0x70, 0x11, 0x01, 0x00, .. System.Text.Encoding.UTF8.GetBytes(large)];
        Assert.Equal(expected, translation.Records.ToArray());
        pool.Return(translation.Buffer!);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void ToMsbin1_TranslationMuchLongerThanItsRecords_GrowsItsBufferAndStillReadsTheSame()
    {
        // One 1000-byte string named 500 times: 1 KB of records becomes 500 KB.
        var body = new List<byte> { 0x40, 0x01, (byte)'e' };
        for (var i = 0; i < 500; i++)
        {
            body.AddRange([0xAA, 0x01]);
        }

        body.Add(0x01);
        var payload = HandPayloads.Payload(HandPayloads.Table(new string('g', 1000)), [.. body]);
        var differential = new SessionDifferential(WireBindings.NetTcp);

        var translation = differential.Translate([], payload);
        Assert.True(translation.Succeeded, translation.Problem);
        Assert.True(differential.Pool.Rents > 1, "the first rental was large enough: the test does not grow the buffer");
        Assert.Equal(1, differential.Pool.Outstanding);
        differential.Pool.Return(translation.Buffer!);
        Assert.Equal(differential.ReadOriginal([], payload, out _), differential.ReadTranslation([], payload, out _, out _));
    }

    [Fact]
    public void ToMsbin1_ReservedPrefix_LeavesThatRoomInFrontOfTheRecords()
    {
        var strings = new SessionStrings();
        Assert.True(strings.TryReadTable(Strings, out _, out _));
        var pool = new CountingArrayPool();

        var translation = SessionTranslator.ToMsbin1([0x42, 0x01, 0x01], strings, new ArrayPoolBufferManager(pool), 9, 100);

        Assert.Equal(9, translation.Offset);
        Assert.Equal(4, translation.Length);
        Assert.Equal([0x40, 0x01, (byte)'n', 0x01], translation.Buffer.AsSpan(9, 4).ToArray());
        pool.Return(translation.Buffer!);
    }

    public static TheoryData<string, byte[], string> Problems => new()
    {
        { "unknown record type", [0x78], "unknown record type" },
        { "record past the end", [0x42], "past the end" },
        { "string past the end", [0x40, 0x05, (byte)'a'], "past the end" },
        { "session id past the strings", [0x42, 0x07, 0x01], "past the session's 3 strings" },
        { "Array of a type WCF refuses", [0x03, 0x40, 0x01, (byte)'a', 0x01, 0xAD, 0x01], "refuses in arrays" },
        { "Array of no values", [0x03, 0x40, 0x01, (byte)'a', 0x01, 0x8D, 0x00], "no values" },
        { "Array count past the end", [0x03, 0x40, 0x01, (byte)'a', 0x01, 0x8D, 0xFF, 0xFF, 0xFF, 0xFF, 0x07], "past the end" },
        { "text ending an element in an attribute", [0x40, 0x01, (byte)'a', 0x04, 0x01, (byte)'b', 0xAB, 0x05], "attribute value or a list" },
        { "Chars32 length negative", [0x40, 0x01, (byte)'a', 0x9D, 0xFF, 0xFF, 0xFF, 0xFF], "negative" },
        { "QName prefix not a letter", [0x40, 0x01, (byte)'a', 0xBD, 0x1A, 0x01], "not a letter" },
        { "list inside a list", [0x40, 0x01, (byte)'a', 0xA4, 0xA4, 0xA6, 0xA6, 0x01], "list record" },
        { "list end with no list", [0xA6], "none started" },
    };

    [Theory]
    [MemberData(nameof(Problems))]
    public void ToMsbin1_RecordsItCannotPlace_AreAProblemWithNothingLeftRented(string what, byte[] records, string expected)
    {
        var strings = new SessionStrings();
        Assert.True(strings.TryReadTable(Strings, out _, out _));
        var pool = new CountingArrayPool();

        var translation = SessionTranslator.ToMsbin1(records, strings, new ArrayPoolBufferManager(pool), 0, 1000);

        Assert.False(translation.Succeeded, what);
        Assert.Contains(expected, translation.Problem, StringComparison.Ordinal);
        Assert.Null(translation.Buffer);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void ToMsbin1_TranslationOverMaxLength_IsAProblemWithNothingLeftRented()
    {
        var strings = new SessionStrings();
        Assert.True(strings.TryReadTable(HandPayloads.Table(new string('w', 100)), out _, out _));
        var pool = new CountingArrayPool();

        var fits = SessionTranslator.ToMsbin1([0xAB, 0x01], strings, new ArrayPoolBufferManager(pool), 4, 102);
        var over = SessionTranslator.ToMsbin1([0xAB, 0x01], strings, new ArrayPoolBufferManager(pool), 4, 101);

        Assert.True(fits.Succeeded, fits.Problem);
        pool.Return(fits.Buffer!);
        Assert.Contains("longer than", over.Problem, StringComparison.Ordinal);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void PayloadToMsbin1_RefusedTable_IsAProblemAndRentsNothing()
    {
        var pool = new CountingArrayPool();

        var translation = SessionTranslator.PayloadToMsbin1([0x09, 0x01], new SessionStrings(), new ArrayPoolBufferManager(pool), 0, 1000);

        Assert.False(translation.Succeeded);
        Assert.Equal(0, pool.Rents);
    }
}
