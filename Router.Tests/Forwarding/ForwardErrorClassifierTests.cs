using System.Net;
using System.Net.Sockets;
using SoapRouter.Forwarding;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding;

public sealed class ForwardErrorClassifierTests
{
    [Fact]
    public async Task Classify_RealRefusedSocketConnect_IsConnectionRefused()
    {
        var port = FreePort.Unused();
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

        var exception = await Assert.ThrowsAsync<SocketException>(() => socket.ConnectAsync(IPAddress.Loopback, port));

        Assert.Equal(ForwardError.ConnectionRefused, ForwardErrorClassifier.Classify(exception, requestSent: false));
    }

    [Fact]
    public async Task Classify_RealRefusedHttpClientRequest_IsConnectionRefused()
    {
        var port = FreePort.Unused();
        using var client = new HttpClient();

        var exception = await Assert.ThrowsAsync<HttpRequestException>(() => client.GetAsync(new Uri($"http://127.0.0.1:{port}/")));

        Assert.Equal(ForwardError.ConnectionRefused, ForwardErrorClassifier.Classify(exception, requestSent: false));
    }

    [Theory]
    [InlineData(false, nameof(ForwardError.ResetBeforeSend))]
    [InlineData(true, nameof(ForwardError.ResetAfterSend))]
    public void Classify_ConnectionReset_DependsOnWhetherTheRequestWasSent(bool requestSent, string expected)
    {
        var reset = new SocketException((int)SocketError.ConnectionReset);
        var error = Enum.Parse<ForwardError>(expected);

        Assert.Equal(error, ForwardErrorClassifier.Classify(reset, requestSent));
        Assert.Equal(error, ForwardErrorClassifier.Classify(new IOException("reset", reset), requestSent));
        Assert.Equal(error, ForwardErrorClassifier.Classify(new IOException("closed"), requestSent));
        Assert.Equal(error, ForwardErrorClassifier.Classify(new HttpRequestException("failed", new IOException("reset", reset)), requestSent));
    }

    [Fact]
    public void Classify_RefusedIsConnectionRefusedEvenIfTheCallerThoughtItSent() =>
        Assert.Equal(
            ForwardError.ConnectionRefused,
            ForwardErrorClassifier.Classify(new SocketException((int)SocketError.ConnectionRefused), requestSent: true));

    [Theory]
    [InlineData(false, nameof(ForwardError.ConnectTimeout))]
    [InlineData(true, nameof(ForwardError.RequestTimeout))]
    public void Classify_OurTimeoutFired_IsConnectOrRequestTimeout(bool requestSent, string expected)
    {
        var error = Enum.Parse<ForwardError>(expected);

        Assert.Equal(error, ForwardErrorClassifier.Classify(new OperationCanceledException(), requestSent, timeoutFired: true));
        Assert.Equal(error, ForwardErrorClassifier.Classify(new TaskCanceledException(), requestSent, timeoutFired: true));
        Assert.Equal(error, ForwardErrorClassifier.Classify(new SocketException((int)SocketError.TimedOut), requestSent));
        // HttpClient's own Timeout: a TaskCanceledException around a TimeoutException.
        Assert.Equal(error, ForwardErrorClassifier.Classify(new TaskCanceledException("t", new TimeoutException()), requestSent));
    }

    [Fact]
    public void Classify_CancellationWithoutOurTimeout_IsCancelled() =>
        Assert.Equal(ForwardError.Cancelled, ForwardErrorClassifier.Classify(new TaskCanceledException(), requestSent: true));

    [Fact]
    public void Classify_HttpRequestErrorWithoutInnerException_UsesTheErrorCode()
    {
        Assert.Equal(
            ForwardError.ConnectionRefused,
            ForwardErrorClassifier.Classify(new HttpRequestException(HttpRequestError.NameResolutionError), requestSent: false));
        Assert.Equal(
            ForwardError.ResponseInvalid,
            ForwardErrorClassifier.Classify(new HttpRequestException(HttpRequestError.InvalidResponse), requestSent: true));
    }

    [Fact]
    public void Classify_SomethingElse_IsUnexpected() =>
        Assert.Equal(ForwardError.Unexpected, ForwardErrorClassifier.Classify(new InvalidOperationException(), requestSent: false));
}
