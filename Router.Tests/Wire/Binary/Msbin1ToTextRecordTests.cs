using System.ServiceModel.Channels;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>Hand-made records WCF's writers rarely produce: read alike by WCF's binary and text readers, or refused.</summary>
public sealed class Msbin1ToTextRecordTests
{
    private readonly Msbin1TextDifferential _differential = new(MessageVersion.Soap12WSAddressing10);

    public static TheoryData<string, byte[]> ReadAlike => new()
    {
        // <L>(list: 1, "ab", true)</L> and <L v="(list: 0, dictionary Envelope)"/>
        { "list in content", [0x40, 0x01, (byte)'L', 0xA4, 0x82, 0x98, 0x02, (byte)'a', (byte)'b', 0x86, 0xA6, 0x01] },
        { "list in an attribute", [0x40, 0x01, (byte)'L', 0x04, 0x01, (byte)'v', 0xA4, 0x80, 0xAA, 0x02, 0xA6, 0x01] },
        { "QName text", [0x40, 0x01, (byte)'Q', 0x09, 0x01, (byte)'b', 0x01, (byte)'u', 0xBD, 0x01, 0x0E] },
        { "comment", [0x02, 0x03, (byte)'a', (byte)'-', (byte)'b', 0x40, 0x01, (byte)'C', 0x01] },
        { "CR in content and attribute", [0x40, 0x01, (byte)'R', 0x04, 0x01, (byte)'v', 0x98, 0x02, (byte)'\r', (byte)'\n', 0x99, 0x03, (byte)'\r', (byte)'\r', (byte)'\n'] },
        { "bool text", [0x40, 0x01, (byte)'B', 0xB5, 0x01] },
        { "UTC DateTime text", [0x40, 0x01, (byte)'D', 0x97, 0, 0, 0, 0, 0, 0, 0, 0x40] },
    };

    public static TheoryData<string, byte[]> Refused => new()
    {
        { "NUL in text", [0x40, 0x01, (byte)'N', 0x99, 0x01, 0x00] },
        { "U+FFFF in text", [0x40, 0x01, (byte)'N', 0x99, 0x03, 0xEF, 0xBF, 0xBF] },
        { "invalid UTF-8", [0x40, 0x01, (byte)'N', 0x99, 0x01, 0xC3] },
        { "name not an NCName", [0x40, 0x02, (byte)'1', (byte)'x', 0x01] },
        { "undeclared prefix", [0x41, 0x01, (byte)'q', 0x01, (byte)'x', 0x01] },
        { "local DateTime", [0x40, 0x01, (byte)'D', 0x97, 0, 0, 0, 0, 0, 0, 0, 0x80] },
        { "session dictionary id", [0x42, 0x03, 0x01] },
        { "comment with --", [0x02, 0x02, (byte)'-', (byte)'-', 0x40, 0x01, (byte)'C', 0x01] },
        { "UTF-16 text", [0x40, 0x01, (byte)'U', 0xB7, 0x02, (byte)'a', 0x00] },
        { "bool text 2", [0x40, 0x01, (byte)'B', 0xB5, 0x02] },
        { "duplicate attribute", [0x40, 0x01, (byte)'A', 0x04, 0x01, (byte)'v', 0x80, 0x04, 0x01, (byte)'v', 0x82, 0x01] },
    };

    [Theory]
    [MemberData(nameof(ReadAlike))]
    public void Transcode_HandRecords_TextReadsAsWcfReadsTheBinary(string what, byte[] body)
    {
        var envelope = HandPayloads.Envelope(body);
        var binary = _differential.ReadBinary(envelope, out var error);
        Assert.True(binary is not null, $"{what}: WCF refuses the binary: {error?.Message}");
        var text = _differential.ReadText(envelope, out var problem, out _, out var textError);
        Assert.True(problem is null, $"{what}: refused: {problem}");
        Assert.True(binary == text, $"{what}:\nbinary: {binary}\ntext:   {text ?? textError?.Message}\nout:    {_differential.Transcoded(envelope)}");
    }

    [Theory]
    [MemberData(nameof(Refused))]
    public void Transcode_RecordsTextCannotCarry_AreRefused(string what, byte[] body)
    {
        _differential.ReadText(HandPayloads.Envelope(body), out var problem, out _, out _);
        Assert.True(problem is not null, $"{what}: transcoded");
    }
}
