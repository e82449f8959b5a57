namespace SoapRouter.Tests.Deploy;

/// <summary>
/// A [Fact] that is skipped, saying why, where scripts/validate-k8s.sh cannot run: kubectl (its kustomize renders the
/// manifests) or node (the schema validator) is missing, or the validator's packages are not installed and npm is not
/// there to install them (.ci/run runs npm ci in deploy/kubernetes/validate/).
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class KubernetesToolsFactAttribute : FactAttribute
{
    /// <summary>Skips the test when a tool validate-k8s.sh needs is missing.</summary>
    public KubernetesToolsFactAttribute()
    {
        var missing = new List<string>();
        if (ExternalTools.Find("kubectl") is null)
        {
            missing.Add("kubectl");
        }

        if (ExternalTools.Find("node") is null)
        {
            missing.Add("node");
        }

        if (!Directory.Exists(Path.Combine(KubernetesManifests.ValidatorFolder, "node_modules", "kubernetes-models")) && ExternalTools.Find("npm") is null)
        {
            missing.Add("npm (or deploy/kubernetes/validate/node_modules)");
        }

        if (missing.Count > 0)
        {
            Skip = $"{string.Join(", ", missing)} not installed: scripts/validate-k8s.sh renders the manifests with kubectl kustomize and validates them with node (.ci/run checks for kubectl and runs npm ci).";
        }
    }
}
