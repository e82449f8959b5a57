namespace BackendStub.Soap;

/// <summary>Whose fault it is: SOAP 1.2 Sender/Receiver, written as Client/Server in SOAP 1.1.</summary>
public enum SoapFaultCode
{
    /// <summary>The request was wrong (SOAP 1.2 Sender, SOAP 1.1 Client).</summary>
    Sender,

    /// <summary>The service failed (SOAP 1.2 Receiver, SOAP 1.1 Server).</summary>
    Receiver,
}
