using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Abstractions;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using SoapRouter.Hosting;

namespace SoapRouter.Tests.Hosting;

public sealed class ListenerApplicationTests
{
    private const int AdminPort = 9901;

    [Fact]
    public async Task ListenerRequest_GoesToTheDispatch_OverOneContextReusedForTheConnection()
    {
        var hosting = new RecordingHosting();
        var seen = new List<HttpContext>();
        var application = Create(hosting, context =>
        {
            seen.Add(context);
            return Task.CompletedTask;
        });
        var connection = new Connection(8080);

        for (var i = 0; i < 2; i++)
        {
            var request = application.CreateContext(connection);
            await application.ProcessRequestAsync(request);
            application.DisposeContext(request, exception: null);
        }

        Assert.Equal(2, seen.Count);
        Assert.Same(seen[0], seen[1]);
        Assert.Equal(0, hosting.Created);
    }

    [Fact]
    public async Task AdminRequest_GoesThroughHostingsPipeline_NotTheDispatch()
    {
        var hosting = new RecordingHosting();
        var dispatched = 0;
        var application = Create(hosting, _ =>
        {
            dispatched++;
            return Task.CompletedTask;
        });
        var connection = new Connection(AdminPort);

        var request = application.CreateContext(connection);
        await application.ProcessRequestAsync(request);
        application.DisposeContext(request, exception: null);

        Assert.Equal((1, 1, 1), (hosting.Created, hosting.Processed, hosting.Disposed));
        Assert.Equal(0, dispatched);
        Assert.Null(connection.HostContext);
    }

    private static ListenerApplication<object> Create(RecordingHosting hosting, RequestDelegate dispatch) =>
        new(hosting, connection => connection.LocalPort == AdminPort, dispatch, new ServiceCollection().BuildServiceProvider().GetRequiredService<IServiceScopeFactory>());

    private sealed class Connection : FeatureCollection, IHostContextContainer<ListenerRequest<object>>
    {
        public Connection(int localPort)
        {
            Set<IHttpConnectionFeature>(new HttpConnectionFeature { LocalPort = localPort });
            Set<IHttpRequestFeature>(new HttpRequestFeature());
            Set<IHttpResponseFeature>(new HttpResponseFeature());
        }

        public ListenerRequest<object>? HostContext { get; set; }
    }

    private sealed class RecordingHosting : IHttpApplication<object>
    {
        public int Created { get; private set; }

        public int Processed { get; private set; }

        public int Disposed { get; private set; }

        public object CreateContext(IFeatureCollection contextFeatures)
        {
            Created++;
            return new object();
        }

        public Task ProcessRequestAsync(object context)
        {
            Processed++;
            return Task.CompletedTask;
        }

        public void DisposeContext(object context, Exception? exception) => Disposed++;
    }
}
