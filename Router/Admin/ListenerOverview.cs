namespace SoapRouter.Admin;

/// <summary>One listener as the config names it.</summary>
/// <param name="Name">Its name.</param>
/// <param name="Binding">Its binding.</param>
/// <param name="Address">The address it was configured on.</param>
/// <param name="Tls">Whether it serves TLS.</param>
internal sealed record ListenerOverview(string Name, string Binding, string Address, bool Tls);
