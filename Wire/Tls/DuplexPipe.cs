using System.IO.Pipelines;

namespace SoapRouter.Wire.Tls;

/// <summary>A reader and a writer as one <see cref="IDuplexPipe"/> (the pipe over a TLS stream; in tests, two in-memory pipes' ends).</summary>
internal sealed class DuplexPipe(PipeReader input, PipeWriter output) : IDuplexPipe
{
    /// <inheritdoc />
    public PipeReader Input => input;

    /// <inheritdoc />
    public PipeWriter Output => output;
}
