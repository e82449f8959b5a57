using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Both readings of one msbin1 envelope: WCF's binary encoder on the bytes, and WCF's UTF-8 text encoder (same
/// MessageVersion, both with the largest reader quotas) on <see cref="Msbin1ToText"/>'s output. Outputs are rented from
/// a counting pool.
/// </summary>
internal sealed class Msbin1TextDifferential
{
    /// <summary>Room the transcoder leaves in front, as a framing or HTTP head would take.</summary>
    public const int ReservedPrefix = 6;

    private readonly ArrayPoolBufferManager _buffers;

    /// <summary>The encoders of <paramref name="version"/>.</summary>
    public Msbin1TextDifferential(MessageVersion version)
    {
        Version = version;
        var binary = new BinaryMessageEncodingBindingElement { MessageVersion = version };
        XmlDictionaryReaderQuotas.Max.CopyTo(binary.ReaderQuotas);
        Binary = binary.CreateMessageEncoderFactory().Encoder;
        var text = new TextMessageEncodingBindingElement(version, System.Text.Encoding.UTF8);
        XmlDictionaryReaderQuotas.Max.CopyTo(text.ReaderQuotas);
        Text = text.CreateMessageEncoderFactory().Encoder;
        _buffers = new ArrayPoolBufferManager(Pool);
    }

    /// <summary>The SOAP and WS-Addressing versions both encoders speak.</summary>
    public MessageVersion Version { get; }

    /// <summary>WCF's binary encoder.</summary>
    public MessageEncoder Binary { get; }

    /// <summary>WCF's UTF-8 text encoder.</summary>
    public MessageEncoder Text { get; }

    /// <summary>The pool outputs are rented from.</summary>
    public CountingArrayPool Pool { get; } = new();

    /// <summary>WCF's binary encoder on <paramref name="msbin1"/>: the message's XML, or null and <paramref name="error"/>.</summary>
    public string? ReadBinary(ReadOnlySpan<byte> msbin1, out Exception? error) => WcfXml.Read(Binary, msbin1, out error);

    /// <summary>
    /// The transcoder's output for <paramref name="msbin1"/> read by WCF's text encoder: the XML, or null with the
    /// transcoder's <paramref name="problem"/> (at <paramref name="problemOffset"/>) or WCF's <paramref name="error"/>.
    /// </summary>
    public string? ReadText(ReadOnlySpan<byte> msbin1, out string? problem, out int problemOffset, out Exception? error)
    {
        var text = Msbin1ToText.Transcode(msbin1, _buffers, ReservedPrefix, int.MaxValue);
        if (text.Succeeded)
        {
            Assert.Equal(ReservedPrefix, text.Offset);
        }

        return WcfXml.ReadTranslation(Text, text, _buffers, out problem, out problemOffset, out error);
    }

    /// <summary>The transcoder's output as a string (for messages), or its problem.</summary>
    public string Transcoded(ReadOnlySpan<byte> msbin1)
    {
        var text = Msbin1ToText.Transcode(msbin1, _buffers, ReservedPrefix, int.MaxValue);
        if (!text.Succeeded)
        {
            return "problem: " + text.Problem;
        }

        var result = System.Text.Encoding.UTF8.GetString(text.Records);
        _buffers.ReturnBuffer(text.Buffer!);
        return result;
    }

    /// <summary><paramref name="message"/> written by WCF's binary encoder (the message is closed).</summary>
    public byte[] Write(Message message)
    {
        using (message)
        {
            using var stream = new MemoryStream();
            Binary.WriteMessage(message, stream);
            return stream.ToArray();
        }
    }
}
