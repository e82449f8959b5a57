namespace SoapRouter.Wire.Framing;

/// <summary>The communication modes of the Mode record ([MC-NMF] 2.2.3.2).</summary>
internal enum FramingMode : byte
{
    /// <summary>One message (or a request and its reply), chunked.</summary>
    SingletonUnsized = 0x01,

    /// <summary>Many messages both ways over one session: what NetTcpBinding uses.</summary>
    Duplex = 0x02,

    /// <summary>Many one-way messages from one sender.</summary>
    Simplex = 0x03,

    /// <summary>One one-way message whose size the transport knows.</summary>
    SingletonSized = 0x04,
}
