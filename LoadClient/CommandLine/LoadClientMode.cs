namespace LoadClient.CommandLine;

/// <summary>How requests are made: raw HTTP posts of a pre-encoded template, or a real WCF client.</summary>
internal enum LoadClientMode
{
    /// <summary>The request is encoded once with WCF's encoder and posted by N workers over one shared HttpClient.</summary>
    Raw,

    /// <summary>N workers each call the operation through a channel of one <c>ChannelFactory</c> on the binding's WCF client binding.</summary>
    Wcf,
}
