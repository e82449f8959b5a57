namespace SoapRouter.Queues;

/// <summary>The queue store cannot be reached now (its broker is down, say): what was asked of it was not done.</summary>
internal sealed class StoreUnavailableException(string message) : IOException(message);
