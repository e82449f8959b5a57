using System.ServiceModel.Channels;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>What a net.tcp destination client is made with; a reload that changes any of it gets a new client.</summary>
internal readonly record struct NetTcpClientKey(
    DestinationState Destination, TimeSpan ConnectTimeout, TimeSpan RequestTimeout, WireLimits Limits, int Sessions, CompressionFormat Compression);
