using System.Net;
using System.Net.Sockets;
using System.Text;

namespace SoapRouter.Tests.Listening.Connections;

/// <summary>A bare TCP client on a listener's port: idle, or sending a SOAP request's body a few bytes at a time.</summary>
internal sealed class RawClient : IDisposable
{
    private readonly Socket _socket = new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

    /// <summary>Connects to <paramref name="address"/>'s host and port.</summary>
    public static async Task<RawClient> ConnectAsync(Uri address)
    {
        var client = new RawClient();
        await client._socket.ConnectAsync(IPAddress.Parse(address.Host), address.Port);
        return client;
    }

    /// <summary>Sends the headers of a basicHttp POST to <paramref name="address"/> whose body will be <paramref name="body"/>.Length bytes.</summary>
    public Task SendHeadersAsync(Uri address, byte[] body) => SendAsync(Encoding.ASCII.GetBytes(
        $"POST {address.AbsolutePath} HTTP/1.1\r\nHost: {address.Authority}\r\nContent-Type: text/xml; charset=utf-8\r\n"
        + $"SOAPAction: \"urn:echo\"\r\nContent-Length: {body.Length}\r\n\r\n"));

    /// <summary>
    /// Sends the headers of a POST of <paramref name="request"/> to <paramref name="address"/>, as its binding sends them;
    /// with <paramref name="expectContinue"/>, asking for a 100 Continue (<see cref="ReadContinueAsync"/>) before the body.
    /// </summary>
    public Task SendHeadersAsync(Uri address, BackendStub.StubRequest request, bool expectContinue = false) => SendAsync(Encoding.ASCII.GetBytes(
        $"POST {address.AbsolutePath} HTTP/1.1\r\nHost: {address.Authority}\r\nContent-Type: {request.ContentType}\r\n"
        + (request.SoapAction is null ? string.Empty : $"SOAPAction: {request.SoapAction}\r\n")
        + (expectContinue ? "Expect: 100-continue\r\n" : string.Empty)
        + $"Content-Length: {request.Body.Length}\r\n\r\n"));

    /// <summary>
    /// Reads the interim 100 Continue a request sent with <c>Expect: 100-continue</c> gets once the server begins to read
    /// its body: the server has taken in the headers by then. Fails on any other answer.
    /// </summary>
    public async Task ReadContinueAsync(CancellationToken cancellationToken = default)
    {
        var head = new List<byte>();
        var buffer = new byte[1];

        // A byte at a time, so nothing after the interim head (the final response) is read here.
        while (IndexOfHeaderEnd(head) < 0)
        {
            if (await _socket.ReceiveAsync(buffer, SocketFlags.None, cancellationToken) == 0)
            {
                throw new IOException("The server closed the connection before a 100 Continue.");
            }

            head.Add(buffer[0]);
        }

        var text = Encoding.ASCII.GetString([.. head]);
        Assert.StartsWith("HTTP/1.1 100 ", text, StringComparison.Ordinal);
    }

    /// <summary>The status line and headers of the last response read.</summary>
    public string? LastResponseHead { get; private set; }

    /// <summary>The body of the last response read, as UTF-8.</summary>
    public string? LastResponseBody { get; private set; }

    /// <summary>Reads one HTTP response with a Content-Length body and returns its status code.</summary>
    public async Task<int> ReadResponseAsync(CancellationToken cancellationToken = default)
    {
        var received = new List<byte>();
        var buffer = new byte[16 * 1024];
        int headerEnd;
        while ((headerEnd = IndexOfHeaderEnd(received)) < 0)
        {
            var read = await _socket.ReceiveAsync(buffer, SocketFlags.None, cancellationToken);
            if (read == 0)
            {
                throw new IOException("The server closed the connection before a response.");
            }

            received.AddRange(buffer.AsSpan(0, read));
        }

        var head = Encoding.ASCII.GetString([.. received.Take(headerEnd)]);
        LastResponseHead = head;
        var length = head.Split("\r\n")
            .Where(line => line.StartsWith("Content-Length:", StringComparison.OrdinalIgnoreCase))
            .Select(line => int.Parse(line["Content-Length:".Length..].Trim(), System.Globalization.CultureInfo.InvariantCulture))
            .Single();
        var body = received.Skip(headerEnd + 4).ToList();
        var remaining = length - body.Count;
        while (remaining > 0)
        {
            var read = await _socket.ReceiveAsync(buffer.AsMemory(0, Math.Min(buffer.Length, remaining)), SocketFlags.None, cancellationToken);
            if (read == 0)
            {
                throw new IOException("The server closed the connection inside a response body.");
            }

            body.AddRange(buffer.AsSpan(0, read));
            remaining -= read;
        }

        LastResponseBody = Encoding.UTF8.GetString([.. body]);

        return int.Parse(head.AsSpan(9, 3), System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>Sends <paramref name="bytes"/>.</summary>
    public async Task SendAsync(ReadOnlyMemory<byte> bytes) => await _socket.SendAsync(bytes, SocketFlags.None);

    /// <summary>Sends <paramref name="body"/> in <paramref name="chunk"/>-byte pieces, one per <paramref name="pause"/>, until done or refused.</summary>
    public async Task TrickleAsync(byte[] body, int chunk, TimeSpan pause, CancellationToken cancellationToken)
    {
        for (var sent = 0; sent < body.Length && !cancellationToken.IsCancellationRequested; sent += chunk)
        {
            await SendAsync(body.AsMemory(sent, Math.Min(chunk, body.Length - sent)));
            await Task.Delay(pause, CancellationToken.None);
        }
    }

    /// <summary>True when the server ended the connection (end of stream or reset) within <paramref name="within"/>.</summary>
    public async Task<bool> ClosedByServerAsync(TimeSpan within)
    {
        var buffer = new byte[4096];
        using var timeout = new CancellationTokenSource(within);
        try
        {
            while (true)
            {
                // Anything the server sent first (an answer) is read past: what matters is that the connection ends.
                if (await _socket.ReceiveAsync(buffer, SocketFlags.None, timeout.Token) == 0)
                {
                    return true;
                }
            }
        }
        catch (SocketException)
        {
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    public void Dispose() => _socket.Dispose();

    private static int IndexOfHeaderEnd(List<byte> received)
    {
        for (var i = 0; i + 3 < received.Count; i++)
        {
            if (received[i] == '\r' && received[i + 1] == '\n' && received[i + 2] == '\r' && received[i + 3] == '\n')
            {
                return i;
            }
        }

        return -1;
    }
}
