namespace SoapRouter.Queues;

/// <summary>The kinds of <see cref="DetachedResult"/>.</summary>
internal enum DetachedOutcome
{
    /// <summary>The destination took it.</summary>
    Delivered,

    /// <summary>The service answered with a SOAP fault: it was reached and refused the message.</summary>
    Faulted,

    /// <summary>No destination took it (down, refused, timed out, reset): worth trying again later.</summary>
    Failed,

    /// <summary>The message cannot be delivered however often it is tried (unreadable, its listener gone): a poisoned message.</summary>
    Unusable,

    /// <summary>The router is stopping.</summary>
    Stopped,
}
