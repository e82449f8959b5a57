namespace SoapRouter.Admin;

/// <summary>One certificate the router serves or presents.</summary>
/// <param name="Name">Where it is used (the listener or destination section).</param>
/// <param name="Subject">Its subject.</param>
/// <param name="NotAfter">When it expires.</param>
/// <param name="DaysLeft">Days until then (negative once expired).</param>
internal sealed record CertificateOverview(string Name, string Subject, DateTimeOffset NotAfter, double DaysLeft);
