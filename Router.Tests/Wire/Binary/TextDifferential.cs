using System.ServiceModel.Channels;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Both readings of one text envelope: WCF's text encoder on the bytes as sent, and WCF's binary encoder (same message
/// version) on <see cref="TextToMsbin1"/>'s output. Each is the message as XML in <see cref="WcfXml.Canonical"/> form;
/// outputs are rented from a counting pool and returned here.
/// </summary>
internal sealed class TextDifferential
{
    /// <summary>Room the outputs leave in front, as a framing head would take.</summary>
    public const int ReservedPrefix = SessionDifferential.ReservedPrefix;

    private readonly ArrayPoolBufferManager _buffers;

    /// <summary>The encoders of <paramref name="version"/>, as the brief's router builds them (default reader quotas).</summary>
    public TextDifferential(MessageVersion version)
    {
        Version = version;
        Text = new TextMessageEncodingBindingElement(version, System.Text.Encoding.UTF8).CreateMessageEncoderFactory().Encoder;
        Binary = new BinaryMessageEncodingBindingElement { MessageVersion = version }.CreateMessageEncoderFactory().Encoder;
        _buffers = new ArrayPoolBufferManager(Pool);
    }

    /// <summary>The message version both encoders speak.</summary>
    public MessageVersion Version { get; }

    /// <summary>WCF's text encoder.</summary>
    public MessageEncoder Text { get; }

    /// <summary>WCF's binary (session-free msbin1) encoder.</summary>
    public MessageEncoder Binary { get; }

    /// <summary>The pool outputs are rented from.</summary>
    public CountingArrayPool Pool { get; } = new();

    /// <summary>WCF's text reader on <paramref name="xml"/>: the canonical XML, or null and the error.</summary>
    public string? ReadOriginal(ReadOnlySpan<byte> xml, out Exception? error) => Canonical(WcfXml.Read(Text, xml, out error));

    /// <summary>WCF's binary reader on <paramref name="records"/>: the canonical XML, or null and the error.</summary>
    public string? ReadMsbin1(ReadOnlySpan<byte> records, out Exception? error) => Canonical(WcfXml.Read(Binary, records, out error));

    /// <summary>
    /// The transcoding of <paramref name="xml"/> read by WCF's binary reader: the canonical XML, or null with the
    /// transcoder's <paramref name="problem"/> (at <paramref name="problemOffset"/>) or WCF's <paramref name="error"/>.
    /// </summary>
    public string? ReadTranscoded(ReadOnlySpan<byte> xml, out string? problem, out int problemOffset, out Exception? error)
    {
        var translation = TextToMsbin1.Transcode(xml, _buffers, ReservedPrefix, int.MaxValue);
        return Canonical(WcfXml.ReadTranslation(Binary, translation, _buffers, out problem, out problemOffset, out error));
    }

    private static string? Canonical(string? xml) => xml is null ? null : WcfXml.Canonical(xml);
}
