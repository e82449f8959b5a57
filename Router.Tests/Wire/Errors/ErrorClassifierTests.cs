using System.IO.Pipelines;
using System.Net;
using System.Net.Sockets;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Tests.Wire.Errors;

/// <summary>The one classifier: bad input vs a peer's connection failing vs cancellation vs our own bug, on exceptions real code threw.</summary>
public sealed class ErrorClassifierTests
{
    [Fact]
    public void Classify_MalformedXml_IsBadInput()
    {
        var exception = Assert.ThrowsAny<XmlException>(() =>
        {
            using var reader = XmlReader.Create(new StringReader("<a><b></a>"));
            while (reader.Read())
            {
            }
        });

        Assert.Equal(ErrorKind.BadInput, ErrorClassifier.Classify(exception));
        Assert.True(ErrorClassifier.IsBadInput(exception));
        Assert.True(ErrorClassifier.IsPeerFailure(exception));
        Assert.False(ErrorClassifier.IsConnectionFailure(exception));
    }

    [Fact]
    public void Classify_WcfReadingAnEnvelopeWithoutBody_IsBadInput()
    {
        // WCF's message layer reports content it cannot read through CommunicationException (or XmlException): the old
        // routing list (XmlReadErrors) did not count the first as bad input, the re-encode list (WireErrors) did.
        var encoder = new TextMessageEncodingBindingElement(MessageVersion.Soap11, System.Text.Encoding.UTF8).CreateMessageEncoderFactory().Encoder;
        var bytes = System.Text.Encoding.UTF8.GetBytes("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header/></s:Envelope>");

        var exception = Record.Exception(() =>
        {
            using var message = encoder.ReadMessage(new ArraySegment<byte>(bytes), BufferManager.CreateBufferManager(0, 0), "text/xml; charset=utf-8");
            using var reader = message.GetReaderAtBodyContents();
            reader.ReadOuterXml();
        });

        Assert.NotNull(exception);
        Assert.Equal(ErrorKind.BadInput, ErrorClassifier.Classify(exception));
        Assert.True(ErrorClassifier.IsBadInput(exception));
    }

    [Fact]
    public void Classify_TruncatedBinaryMessage_IsBadInput()
    {
        var encoder = new BinaryMessageEncodingBindingElement().CreateMessageEncoderFactory().Encoder;
        using var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:test", "a body long enough to be cut");
        var whole = encoder.WriteMessage(message, 65536, BufferManager.CreateBufferManager(0, 0));
        var cut = new ArraySegment<byte>(whole.Array!, whole.Offset, whole.Count / 2);

        var exception = Record.Exception(() =>
        {
            using var read = encoder.ReadMessage(cut, BufferManager.CreateBufferManager(0, 0), encoder.ContentType);
            using var reader = read.GetReaderAtBodyContents();
            reader.ReadOuterXml();
        });

        Assert.NotNull(exception);
        Assert.Equal(ErrorKind.BadInput, ErrorClassifier.Classify(exception));
    }

    [Fact]
    public void IsTooLarge_QuotaExceeded_IsBadInputAndTooLarge()
    {
        var quota = new QuotaExceededException("over the limit");
        var wrapped = new CommunicationException("read failed", quota);

        Assert.Equal(ErrorKind.BadInput, ErrorClassifier.Classify(quota));
        Assert.True(ErrorClassifier.IsTooLarge(quota));
        Assert.True(ErrorClassifier.IsTooLarge(wrapped));
        Assert.False(ErrorClassifier.IsTooLarge(new XmlException("broken")));
    }

    [Fact]
    public async Task Classify_RefusedSocketConnect_IsConnectionFailed()
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

        var exception = await Assert.ThrowsAsync<SocketException>(() => socket.ConnectAsync(IPAddress.Loopback, FreePort.Unused()));

        Assert.Equal(ErrorKind.ConnectionFailed, ErrorClassifier.Classify(exception));
        Assert.True(ErrorClassifier.IsConnectionFailure(exception));
        Assert.False(ErrorClassifier.IsBadInput(exception));
    }

    [Fact]
    public async Task Classify_RefusedHttpClientRequest_IsConnectionFailed()
    {
        using var client = new HttpClient();

        var exception = await Assert.ThrowsAsync<HttpRequestException>(() => client.GetAsync(new Uri($"http://127.0.0.1:{FreePort.Unused()}/")));

        Assert.Equal(ErrorKind.ConnectionFailed, ErrorClassifier.Classify(exception));
    }

    [Fact]
    public void Classify_WcfNetTcpChannelToARefusedPort_IsConnectionFailedThoughACommunicationException()
    {
        var factory = OpenNetTcpFactory();
        try
        {
            var channel = factory.CreateChannel(RefusedAddress());
            var exception = Assert.ThrowsAny<CommunicationException>(() => channel.Open(TimeSpan.FromSeconds(10)));

            Assert.Equal(ErrorKind.ConnectionFailed, ErrorClassifier.Classify(exception));
            Assert.True(ErrorClassifier.IsConnectionFailure(exception));
        }
        finally
        {
            factory.Abort();
        }
    }

    [Fact]
    public void Classify_AbortedWcfChannelUsed_IsConnectionFailed()
    {
        var factory = OpenNetTcpFactory();
        try
        {
            var channel = factory.CreateChannel(RefusedAddress());
            channel.Abort();

            var exception = Assert.ThrowsAny<CommunicationException>(() => channel.Open());

            Assert.IsAssignableFrom<CommunicationObjectAbortedException>(exception);
            Assert.Equal(ErrorKind.ConnectionFailed, ErrorClassifier.Classify(exception));
        }
        finally
        {
            factory.Abort();
        }
    }

    [Fact]
    public async Task Classify_CancelledWait_IsCancelledAndNotAPeerFailure()
    {
        using var cancel = new CancellationTokenSource();
        await cancel.CancelAsync();

        var exception = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => Task.Delay(1000, cancel.Token));

        Assert.Equal(ErrorKind.Cancelled, ErrorClassifier.Classify(exception));
        Assert.False(ErrorClassifier.IsPeerFailure(exception));
        Assert.True(ErrorClassifier.IsExpected(exception));
        Assert.True(ErrorClassifier.IsConnectionClosed(exception));
    }

    [Fact]
    public void Classify_NullReferenceAndMissingKey_AreBugs()
    {
        string? missing = null;
        var nullReference = Assert.Throws<NullReferenceException>(() => missing!.Length);
        var missingKey = Assert.Throws<KeyNotFoundException>(() => new Dictionary<string, int>()["absent"]);

        foreach (var exception in new Exception[] { nullReference, missingKey })
        {
            Assert.Equal(ErrorKind.Bug, ErrorClassifier.Classify(exception));
            Assert.False(ErrorClassifier.IsExpected(exception));
            Assert.False(ErrorClassifier.IsPeerFailure(exception));
            Assert.False(ErrorClassifier.IsConnectionClosed(exception));
        }
    }

    [Fact]
    public async Task IsConnectionClosed_WriteToACompletedPipe_IsTrueThoughABugElsewhere()
    {
        var pipe = new Pipe();
        await pipe.Writer.CompleteAsync();

        var exception = await Assert.ThrowsAsync<InvalidOperationException>(async () => await pipe.Writer.WriteAsync(new byte[] { 1 }));

        Assert.True(ErrorClassifier.IsConnectionClosed(exception));
        Assert.Equal(ErrorKind.Bug, ErrorClassifier.Classify(exception));
    }

    [Fact]
    public void IsFileAccessFailure_AMissingFileAndADirectoryReadAsAFile_AreTrue_ABugIsNot()
    {
        using var directory = new TempDirectory();
        var missing = Assert.ThrowsAny<IOException>(() => File.ReadAllBytes(directory.File("absent.json")));
        var notAFile = Record.Exception(() => File.ReadAllBytes(directory.Path));

        Assert.True(ErrorClassifier.IsFileAccessFailure(missing));
        Assert.NotNull(notAFile);
        Assert.True(ErrorClassifier.IsFileAccessFailure(notAFile));
        Assert.False(ErrorClassifier.IsFileAccessFailure(new KeyNotFoundException("absent")));
    }

    /// <summary>System.ServiceModel.NetTcp's own session channel factory, as the router's net.tcp destination client builds it.</summary>
    private static IChannelFactory<IDuplexSessionChannel> OpenNetTcpFactory()
    {
        var factory = new NetTcpBinding(SecurityMode.None).BuildChannelFactory<IDuplexSessionChannel>(new BindingParameterCollection());
        factory.Open();
        return factory;
    }

    private static EndpointAddress RefusedAddress() => new($"net.tcp://127.0.0.1:{FreePort.Unused()}/none");
}
