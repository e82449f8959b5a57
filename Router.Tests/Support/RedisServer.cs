using System.Diagnostics;
using System.Net.Sockets;
using System.Text;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A real redis-server (the Debian package's binary) on a free loopback port, in memory only, started and stopped by
/// the test; stopping it and starting it again keeps the port, as a restarted Redis would.
/// </summary>
internal sealed class RedisServer : IAsyncDisposable
{
    private Process? _process;

    private RedisServer(int port) => Port = port;

    /// <summary>The path of redis-server, or null when it is not installed.</summary>
    public static string? Binary { get; } = Find();

    /// <summary>The port it listens on (127.0.0.1).</summary>
    public int Port { get; }

    /// <summary>The router's cache.redis.configuration for this server.</summary>
    public string Configuration => $"127.0.0.1:{Port},connectTimeout=2000,asyncTimeout=2000";

    /// <summary>True while the process runs.</summary>
    public bool IsRunning => _process is { HasExited: false };

    /// <summary>Starts a server on a free port and waits until it answers PING.</summary>
    public static async Task<RedisServer> StartAsync()
    {
        var server = new RedisServer(FreePort.Unused());
        await server.StartAgainAsync();
        return server;
    }

    /// <summary>Starts the server (again) on its port and waits until it answers PING.</summary>
    public async Task StartAgainAsync()
    {
        var start = new ProcessStartInfo(Binary ?? throw new InvalidOperationException("redis-server is not installed"))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in new[] { "--port", Port.ToString(System.Globalization.CultureInfo.InvariantCulture), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "no" })
        {
            start.ArgumentList.Add(argument);
        }

        _process = Process.Start(start)!;
        _process.OutputDataReceived += static (_, _) => { };
        _process.ErrorDataReceived += static (_, _) => { };
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
        await Eventually.TrueAsync(PingsAsync, $"redis-server answers PING on port {Port}");
    }

    /// <summary>Kills the server (SIGKILL, as a crash would) and waits for it to be gone.</summary>
    public async Task KillAsync()
    {
        if (_process is { HasExited: false } process)
        {
            process.Kill();
            await process.WaitForExitAsync();
        }
    }

    /// <summary>Sends one inline command and returns the first line of the answer.</summary>
    public async Task<string> CommandAsync(string command)
    {
        using var client = new TcpClient();
        await client.ConnectAsync(System.Net.IPAddress.Loopback, Port);
        var stream = client.GetStream();
        await stream.WriteAsync(Encoding.ASCII.GetBytes(command + "\r\n"));
        var buffer = new byte[4096];
        var read = await stream.ReadAsync(buffer);
        return Encoding.ASCII.GetString(buffer, 0, read).Split("\r\n")[0];
    }

    public async ValueTask DisposeAsync()
    {
        await KillAsync();
        _process?.Dispose();
    }

    private async Task<bool> PingsAsync()
    {
        try
        {
            return await CommandAsync("PING") == "+PONG";
        }
        catch (SocketException)
        {
            return false;
        }
    }

    private static string? Find()
    {
        foreach (var folder in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':').Append("/usr/bin").Append("/usr/sbin"))
        {
            var path = Path.Combine(folder, "redis-server");
            if (folder.Length > 0 && File.Exists(path))
            {
                return path;
            }
        }

        return null;
    }
}
