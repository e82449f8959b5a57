namespace SoapRouter.Tests.Support;

/// <summary>
/// A [Fact] that needs a running rabbitmq-server: skipped, saying why, when none listens, unless
/// SOAPROUTER_REQUIRE_RABBITMQ=1 (.ci/run sets it after starting one), where a missing broker fails the test.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class RabbitMqFactAttribute : FactAttribute
{
    /// <summary>Skips the test when no broker listens and none is required.</summary>
    public RabbitMqFactAttribute()
    {
        if (!RabbitMqBroker.IsListening && Environment.GetEnvironmentVariable("SOAPROUTER_REQUIRE_RABBITMQ") != "1")
        {
            Skip = $"no RabbitMQ broker listens at {RabbitMqBroker.Port} (apt-get install rabbitmq-server; rabbitmq-server -detached; .ci/run does both): the RabbitMQ tests use a real one.";
        }
    }
}
