using System.ServiceModel.Channels;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// Both readings of one payload of a session, each on fresh state that has seen the session's earlier payloads: WCF's
/// session encoder on the payload as sent, and WCF's session-free msbin1 encoder (same SOAP and WS-Addressing versions)
/// on <see cref="SessionTranslator"/>'s translation of it. Translations are rented from a counting pool.
/// </summary>
internal sealed class SessionDifferential
{
    /// <summary>Room the translations leave in front, as a framing head would take.</summary>
    public const int ReservedPrefix = 6;

    private readonly MessageEncoderFactory _sessionFactory;
    private readonly MessageEncoder _msbin1;
    private readonly ArrayPoolBufferManager _buffers;

    /// <summary>The readers of <paramref name="binding"/> (netTcp or its August 2004 variant).</summary>
    public SessionDifferential(WireBinding binding)
    {
        _sessionFactory = binding.CreateEncoderFactory(Limits);
        _msbin1 = binding.Sessionless.CreateEncoderFactory(Limits).Encoder;
        _buffers = new ArrayPoolBufferManager(Pool);
    }

    /// <summary>Limits large enough for every corpus message and most mutations.</summary>
    public static WireLimits Limits { get; } = WireLimits.ForSize(16 << 20);

    /// <summary>The pool translations are rented from.</summary>
    public CountingArrayPool Pool { get; } = new();

    /// <summary>WCF's session reader on <paramref name="payload"/> after <paramref name="earlier"/>: the XML, or null and the error.</summary>
    public string? ReadOriginal(IEnumerable<byte[]> earlier, ReadOnlySpan<byte> payload, out Exception? error)
    {
        var encoder = _sessionFactory.CreateSessionEncoder();
        WcfXml.Replay(encoder, earlier);
        return WcfXml.Read(encoder, payload, out error);
    }

    /// <summary>
    /// The translation of <paramref name="payload"/> after <paramref name="earlier"/>'s tables, read by WCF's msbin1
    /// reader: the XML, or null with the translator's <paramref name="problem"/> (found in the record at
    /// <paramref name="problemOffset"/> of the payload) or WCF's <paramref name="error"/>.
    /// </summary>
    public string? ReadTranslation(IEnumerable<byte[]> earlier, ReadOnlySpan<byte> payload, out string? problem, out Exception? error) =>
        ReadTranslation(earlier, payload, out problem, out _, out error);

    /// <summary>
    /// As <see cref="ReadTranslation(IEnumerable{byte[]}, ReadOnlySpan{byte}, out string?, out Exception?)"/>, also
    /// telling where a refusal was found: the start of the top-level record the translator could not place.
    /// </summary>
    public string? ReadTranslation(IEnumerable<byte[]> earlier, ReadOnlySpan<byte> payload, out string? problem, out int problemOffset, out Exception? error)
    {
        var translation = Translate(earlier, payload);
        if (translation.Succeeded)
        {
            Assert.Equal(ReservedPrefix, translation.Offset);
        }

        return WcfXml.ReadTranslation(_msbin1, translation, _buffers, out problem, out problemOffset, out error);
    }

    /// <summary><paramref name="payload"/> translated after <paramref name="earlier"/>'s tables (the caller returns the buffer).</summary>
    public SessionTranslation Translate(IEnumerable<byte[]> earlier, ReadOnlySpan<byte> payload)
    {
        var strings = new SessionStrings();
        foreach (var before in earlier)
        {
            Assert.True(strings.TryReadTable(before, out _, out var tableProblem), tableProblem);
        }

        return SessionTranslator.PayloadToMsbin1(payload, strings, _buffers, ReservedPrefix, Limits.MaxMessageSize);
    }

    /// <summary>WCF's msbin1 reader on <paramref name="msbin1"/> (session-free bytes).</summary>
    public string? ReadMsbin1(ReadOnlySpan<byte> msbin1, out Exception? error) => WcfXml.Read(_msbin1, msbin1, out error);
}
