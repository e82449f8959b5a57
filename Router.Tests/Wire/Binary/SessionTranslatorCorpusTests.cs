using SoapRouter.Wire.Binary;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The differential test over the corpus: every payload WCF's session encoders wrote translates, and WCF's session-free
/// msbin1 reader makes of the translation the same XML, headers and body, as WCF's session reader makes of the payload.
/// </summary>
public sealed class SessionTranslatorCorpusTests
{
    public static TheoryData<string> SessionNames => [.. SessionCorpus.Sessions.Select(session => session.ToString())];

    [Theory]
    [MemberData(nameof(SessionNames))]
    public void ToMsbin1_EveryCorpusPayload_ReadsAsTheSameXmlAsWcfsSessionReaderMakesOfIt(string sessionName)
    {
        var session = SessionCorpus.Sessions.Single(s => s.ToString() == sessionName);
        var differential = new SessionDifferential(session.Binding);
        var reader = session.Binding.CreateEncoderFactory(SessionDifferential.Limits).CreateSessionEncoder();
        var strings = new SessionStrings();
        var buffers = new SoapRouter.Wire.Encoding.ArrayPoolBufferManager(differential.Pool);
        var sessionReferences = 0;
        foreach (var payload in session.Payloads)
        {
            var expected = WcfXml.Read(reader, payload, out var error);
            Assert.True(expected is not null, $"WCF's session reader refused a corpus payload: {error}");

            var translation = SessionTranslator.PayloadToMsbin1(payload, strings, buffers, SessionDifferential.ReservedPrefix, SessionDifferential.Limits.MaxMessageSize);
            Assert.True(translation.Succeeded, translation.Problem);
            try
            {
                var actual = differential.ReadMsbin1(translation.Records, out var msbin1Error);
                Assert.True(actual is not null, $"WCF's msbin1 reader refused the translation: {msbin1Error}");
                Assert.Equal(expected, actual);
                sessionReferences += translation.Length != payload.Length ? 1 : 0;
            }
            finally
            {
                buffers.ReturnBuffer(translation.Buffer!);
            }
        }

        Assert.Equal(0, differential.Pool.Outstanding);
        Assert.True(strings.Count > 0, "the session added no strings: the corpus does not exercise the translation");
        Assert.True(sessionReferences > 0, "no payload named a session string");
    }
}
