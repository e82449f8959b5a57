namespace SoapRouter.Metadata;

/// <summary>Where learning a route's one-way operations from its destinations' WSDL stands, as /stats names it.</summary>
internal static class OneWayLearningStates
{
    /// <summary>Not fetched yet (start, or a reload just installed).</summary>
    public const string Pending = "pending";

    /// <summary>The WSDL was read; its one-way actions are used.</summary>
    public const string Learned = "learned";

    /// <summary>No WSDL could be fetched or read (retried); what was learned before, if anything, is still used.</summary>
    public const string Failed = "failed";

    /// <summary>No destination of the cluster has a metadata address (a net.tcp destination needs metadataAddress).</summary>
    public const string NoMetadata = "noMetadata";

    /// <summary>The route lists its one-way actions itself (routes[].oneWayActions): those are used, nothing is fetched for it.</summary>
    public const string Configured = "configured";
}
