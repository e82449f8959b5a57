namespace Samples.Contracts;

/// <summary>SOAP actions of the stub's session contracts (<see cref="ISessionCounter"/>, <see cref="IDuplexService"/> and its callback).</summary>
public static class SessionServiceActions
{
    /// <summary>Request action of ISessionCounter.Next.</summary>
    public const string Next = "http://tempuri.org/ISessionCounter/Next";

    /// <summary>Reply action of Next.</summary>
    public const string NextResponse = "http://tempuri.org/ISessionCounter/NextResponse";

    /// <summary>Request action of IDuplexService.Subscribe.</summary>
    public const string Subscribe = "http://tempuri.org/IDuplexService/Subscribe";

    /// <summary>Reply action of Subscribe.</summary>
    public const string SubscribeResponse = "http://tempuri.org/IDuplexService/SubscribeResponse";

    /// <summary>Action of the one-way IDuplexService.StartFeed.</summary>
    public const string StartFeed = "http://tempuri.org/IDuplexService/StartFeed";

    /// <summary>Action of the one-way callback IDuplexCallback.OnEvent.</summary>
    public const string OnEvent = "http://tempuri.org/IDuplexService/OnEvent";

    /// <summary>Request action of the request-reply callback IDuplexCallback.Confirm.</summary>
    public const string Confirm = "http://tempuri.org/IDuplexService/Confirm";

    /// <summary>Reply action of Confirm.</summary>
    public const string ConfirmResponse = "http://tempuri.org/IDuplexService/ConfirmResponse";
}
