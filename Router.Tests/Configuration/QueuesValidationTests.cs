using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>The queues section and the routes' delivery and copyTo, validated with every error's path.</summary>
public sealed class QueuesValidationTests
{
    [Fact]
    public void Validate_TheDocumentedExample_IsValid()
    {
        var result = RouterConfigLoader.Parse("""
            {
              "listeners": [ { "name": "s", "binding": "soap12Http", "address": "http://127.0.0.1:8080/s" } ],
              "routes": [ { "name": "orders", "filters": [ { "type": "matchAll" } ], "cluster": "c",
                            "delivery": { "mode": "durable", "maxAttempts": 20, "initialBackoff": "00:00:02", "maxBackoff": "00:05:00", "ttl": "2.00:00:00" },
                            "copyTo": [ "audit" ] } ],
              "clusters": {
                "c": { "destinations": [ { "name": "d", "address": "http://127.0.0.1:9080/soap12", "binding": "soap12Http" } ] },
                "audit": { "destinations": [ { "name": "a", "address": "http://127.0.0.1:9081/soap12", "binding": "soap12Http" } ] }
              },
              "queues": { "store": "local", "path": "/var/lib/soaprouter/queues", "maxBytes": 2147483648, "oldestAgeAlert": "00:10:00" }
            }
            """);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        var route = result.Config!.Routes[0];
        Assert.True(route.Delivery!.IsDurable);
        Assert.Equal((20, TimeSpan.FromSeconds(2), TimeSpan.FromMinutes(5), TimeSpan.FromDays(2)), (route.Delivery.MaxAttempts, route.Delivery.InitialBackoff, route.Delivery.MaxBackoff, route.Delivery.Ttl));
        Assert.Equal(["audit"], route.CopyTo);
        Assert.Equal(("/var/lib/soaprouter/queues", 2147483648L, TimeSpan.FromMinutes(10)), (result.Config.Queues.Path, result.Config.Queues.MaxBytes, result.Config.Queues.OldestAgeAlert));
    }

    [Fact]
    public void Validate_Defaults_AreDirectDeliveryAndTheLocalStore()
    {
        var config = Valid();

        Assert.Empty(Errors(config));
        Assert.Equal((QueueStores.Local, "queues", 1L << 30), (config.Queues.Store, config.Queues.Path, config.Queues.MaxBytes));
        Assert.False(new DeliveryConfig().IsDurable);
    }

    [Fact]
    public void Validate_RabbitMqStore_WithoutUri_SaysTheUriIsRequired() =>
        AssertSingleError(Valid() with { Queues = new QueuesConfig { Store = QueueStores.RabbitMq } }, "queues.rabbitmq.uri", "is required");

    [Theory]
    [InlineData("http://broker:5672/", "amqp:// or amqps://")]
    [InlineData("broker:5672", "not an absolute URI")]
    [InlineData("not a uri", "not an absolute URI")]
    [InlineData("amqp://router:env:SOAPROUTER_TEST_UNSET_RABBIT_PASSWORD@broker:5672/", "environment variable 'SOAPROUTER_TEST_UNSET_RABBIT_PASSWORD' is not set")]
    public void Validate_RabbitMqStore_BadUri_IsRefusedWithoutRepeatingIt(string uri, string expected)
    {
        var config = Valid() with { Queues = new QueuesConfig { Store = QueueStores.RabbitMq, RabbitMq = new RabbitMqConfig { Uri = uri } } };

        AssertSingleError(config, "queues.rabbitmq.uri", expected);
        Assert.DoesNotContain(Errors(config), error => error.Contains("broker", StringComparison.Ordinal));
    }

    [Fact]
    public void Parse_RabbitMqUri_ResolvesAnEnvironmentPassword_AndNeverShowsIt()
    {
        Environment.SetEnvironmentVariable("SOAPROUTER_TEST_RABBIT_PASSWORD", "s3cr:t@");
        try
        {
            var address = RabbitMqAddress.Parse("amqp://router:env:SOAPROUTER_TEST_RABBIT_PASSWORD@rabbitmq:5673/orders");

            Assert.Null(address.Error);
            Assert.Equal(("router", "s3cr:t@"), (address.UserName, address.Password));
            Assert.Equal("amqp://router@rabbitmq:5673/orders", address.Display);
            Assert.Equal("amqp://rabbitmq:5673/orders", address.Endpoint!.ToString());
            Assert.Empty(Errors(Valid() with { Queues = new QueuesConfig { Store = QueueStores.RabbitMq, RabbitMq = new RabbitMqConfig { Uri = "amqp://router:env:SOAPROUTER_TEST_RABBIT_PASSWORD@rabbitmq:5673/orders" } } }));
        }
        finally
        {
            Environment.SetEnvironmentVariable("SOAPROUTER_TEST_RABBIT_PASSWORD", null);
        }
    }

    [Fact]
    public void Validate_RabbitMqStore_EmptyQueuePrefix_IsRefused() =>
        AssertSingleError(
            Valid() with { Queues = new QueuesConfig { Store = QueueStores.RabbitMq, RabbitMq = new RabbitMqConfig { Uri = "amqp://localhost/", QueuePrefix = " " } } },
            "queues.rabbitmq.queuePrefix",
            "must not be empty");

    [Fact]
    public void Validate_EveryDeliveryAndCopyError_IsReportedAtOnce_WithItsPath()
    {
        var valid = Valid();
        var route = valid.Routes[0] with
        {
            Delivery = new DeliveryConfig { Mode = "sometimes", MaxAttempts = 0, InitialBackoff = TimeSpan.FromMinutes(2), MaxBackoff = TimeSpan.FromMinutes(1), Ttl = TimeSpan.Zero },
            CopyTo = ["nowhere", valid.Routes[0].Cluster, ""],
        };
        var config = valid with { Routes = [route], Queues = new QueuesConfig { MaxBytes = 10, OldestAgeAlert = TimeSpan.Zero } };

        var errors = Errors(config);

        Assert.Contains(errors, error => error.StartsWith("routes[0].delivery.mode:", StringComparison.Ordinal) && error.Contains("'sometimes'", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("routes[0].delivery.maxAttempts:", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("routes[0].delivery.initialBackoff:", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("routes[0].delivery.ttl:", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("routes[0].copyTo[0]:", StringComparison.Ordinal) && error.Contains("unknown cluster 'nowhere'", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("routes[0].copyTo[1]:", StringComparison.Ordinal) && error.Contains("the route's own cluster", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("routes[0].copyTo[2]:", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("queues.maxBytes:", StringComparison.Ordinal));
        Assert.Contains(errors, error => error.StartsWith("queues.oldestAgeAlert:", StringComparison.Ordinal));
        Assert.Equal(9, errors.Count);
    }
}
