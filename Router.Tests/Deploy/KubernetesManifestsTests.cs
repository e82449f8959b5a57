using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Deploy;

/// <summary>
/// deploy/kubernetes/ (issue 38): the kustomizations render objects the Kubernetes API schema accepts, with what the
/// issue asks of them (scripts/validate-k8s.sh); the router.json files they mount pass the router's own check; no
/// private key is tracked in the repository.
/// </summary>
public sealed class KubernetesManifestsTests(ITestOutputHelper output)
{
    public static TheoryData<string> RouterJsonFiles => new() { "base", "partner-mtls" };

    [KubernetesToolsFact]
    public void ValidateK8s_RendersEveryKustomization_AndTheApiSchemaAcceptsEveryObject()
    {
        var (exitCode, text) = KubernetesManifests.RunScript("validate-k8s.sh", TimeSpan.FromMinutes(3));
        output.WriteLine(text);

        var last = text.TrimEnd().Split('\n')[^1];
        Assert.True(exitCode == 0, $"scripts/validate-k8s.sh exited {exitCode}: {last}");
        Assert.StartsWith("validate-k8s: PASS", last, StringComparison.Ordinal);
        foreach (var kind in new[] { "Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler", "NetworkPolicy", "ConfigMap" })
        {
            Assert.Contains($"PASS  {kind}: rendered and valid", text, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void CheckPrivateKeys_FindsNoKeyTrackedOutsideTestFixtures()
    {
        if (ExternalTools.Find("git") is null || !Directory.Exists(Path.Combine(Support.RepositoryPaths.Root, ".git"))
            && !File.Exists(Path.Combine(Support.RepositoryPaths.Root, ".git")))
        {
            output.WriteLine("skipped: not a git checkout (scripts/check-private-keys.sh reads git ls-files)");
            return;
        }

        var (exitCode, text) = KubernetesManifests.RunScript("check-private-keys.sh", TimeSpan.FromMinutes(2));
        output.WriteLine(text);

        Assert.True(exitCode == 0, text);
    }

    [Theory]
    [MemberData(nameof(RouterJsonFiles))]
    public void KubernetesRouterJson_ValidatesAgainstTheSchema_AndPassesTheRoutersCheckWithNoWarnings(string which)
    {
        var source = which == "base" ? KubernetesManifests.BaseRouterJson : KubernetesManifests.PartnerRouterJson;
        var schemaErrors = RouterSchema.Errors(File.ReadAllText(source));
        Assert.True(schemaErrors.Count == 0, string.Join(Environment.NewLine, schemaErrors));

        // The Deployment gives cache.redis.configuration (env:ROUTER_REDIS) from a Secret; no test reads it otherwise.
        Environment.SetEnvironmentVariable("ROUTER_REDIS", "redis-master.redis.svc.cluster.local:6379");
        using var copy = new KubernetesRouterJsonCopy(source);
        using var provider = new RouterConfigProvider(
            copy.Path, NullLogger<RouterConfigProvider>.Instance, pollInterval: Timeout.InfiniteTimeSpan, timeProvider: null, quietPeriod: null, watchFolder: false);

        Assert.Empty(provider.Snapshot.Warnings);
        Assert.All(provider.Snapshot.Config.Listeners, listener => Assert.NotNull(listener.Tls));
        Assert.True(provider.Snapshot.Config.Shutdown.DrainDelay > TimeSpan.Zero, "a drain delay lets the readiness probe drop the pod first");
    }

    [Fact]
    public void PartnerOverlayRouterJson_DiffersFromTheBaseOnlyByThePartnerListenerAndRoute()
    {
        var options = new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, AllowTrailingCommas = true };
        var baseConfig = JsonNode.Parse(File.ReadAllText(KubernetesManifests.BaseRouterJson), documentOptions: options)!.AsObject();
        var partner = JsonNode.Parse(File.ReadAllText(KubernetesManifests.PartnerRouterJson), documentOptions: options)!.AsObject();

        var partnerListener = RemoveNamed(partner["listeners"]!.AsArray(), "partner");
        var partnerRoute = RemoveNamed(partner["routes"]!.AsArray(), "partner");
        baseConfig.Remove("$schema");
        partner.Remove("$schema");

        Assert.Equal("RequireCertificate", (string?)partnerListener["tls"]!["clientCertificateMode"]);
        Assert.Equal("/etc/router-partner-ca/ca.crt", (string?)partnerListener["tls"]!["clientCertificateAuthorities"]);
        Assert.NotNull(partnerRoute["allowedClientCertificates"]);
        Assert.True(JsonNode.DeepEquals(baseConfig, partner), "the overlay's router.json must be the base's plus the partner listener and route");
    }

    private static JsonNode RemoveNamed(JsonArray array, string name)
    {
        var node = array.Single(item => (string?)item!["name"] == name)!;
        array.Remove(node);
        return node;
    }
}
