using System.ServiceModel;

namespace Samples.Contracts;

/// <summary>
/// The stub's streamed contract, for clients and services with TransferMode.Streamed: a body of any size goes up or comes
/// down as a Stream (base64 in text, bytes records in msbin1), never held whole at either end.
/// </summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "IStreamedService")]
public interface IStreamedService
{
    /// <summary>Reads <paramref name="data"/> to its end; returns "length:sha256" of what arrived (<see cref="StreamDigest"/>).</summary>
    [OperationContract(Name = "Upload", Action = StreamedServiceActions.Upload, ReplyAction = StreamedServiceActions.UploadResponse)]
    Task<string> UploadAsync(Stream data);

    /// <summary>Returns <paramref name="length"/> bytes of <see cref="PatternStream"/>.</summary>
    [OperationContract(Name = "Download", Action = StreamedServiceActions.Download, ReplyAction = StreamedServiceActions.DownloadResponse)]
    Task<Stream> DownloadAsync(long length);
}
