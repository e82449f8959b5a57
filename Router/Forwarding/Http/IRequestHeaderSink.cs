namespace SoapRouter.Forwarding.Http;

/// <summary>Where <see cref="RawSoapRequest.WriteHeaders"/> puts a forwarded request's headers: HttpClient's headers, or the router's HTTP/1.1 head.</summary>
internal interface IRequestHeaderSink
{
    /// <summary>Adds header <paramref name="name"/> with <paramref name="value"/> as it is; false stops the writing (the head is full, or the value cannot go out).</summary>
    bool Add(string name, string value);
}
