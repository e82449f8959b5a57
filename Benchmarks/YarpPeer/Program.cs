using Yarp.ReverseProxy.Configuration;

// A plain YARP reverse proxy with YARP's defaults: every path on --port forwarded unchanged to --backend, as the
// benchmark's nginx does. Usage: YarpPeer --port 8280 --backend http://127.0.0.1:9080/
var port = int.Parse(Argument(args, "--port", "8280"), System.Globalization.CultureInfo.InvariantCulture);
var backend = Argument(args, "--backend", "http://127.0.0.1:9080/");

var builder = WebApplication.CreateSlimBuilder(args);
builder.Logging.SetMinimumLevel(LogLevel.Warning);
builder.WebHost.ConfigureKestrel(options => options.Listen(System.Net.IPAddress.Loopback, port));
builder.Services.AddReverseProxy().LoadFromMemory(
    [new RouteConfig { RouteId = "all", ClusterId = "stub", Match = new RouteMatch { Path = "{**catch-all}" } }],
    [new ClusterConfig { ClusterId = "stub", Destinations = new Dictionary<string, DestinationConfig> { ["stub"] = new() { Address = backend } } }]);

var app = builder.Build();
app.MapReverseProxy();
app.Run();

static string Argument(string[] args, string name, string fallback)
{
    var index = Array.IndexOf(args, name);
    return index >= 0 && index + 1 < args.Length ? args[index + 1] : fallback;
}
