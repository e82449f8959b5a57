using System.ServiceModel;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>A Fault record becomes the exception WCF's net.tcp client throws for it, so it is classified alike.</summary>
public sealed class FramingFaultsTests
{
    private static readonly Uri Via = new("net.tcp://backend:808/orders");

    public static TheoryData<string, Type, Type?> Mapping => new()
    {
        { FramingFaults.EndpointNotFound, typeof(EndpointNotFoundException), null },
        { FramingFaults.EndpointUnavailable, typeof(EndpointNotFoundException), null },
        { FramingFaults.ServerTooBusy, typeof(ServerTooBusyException), null },
        { FramingFaults.ServiceActivationFailed, typeof(ServiceActivationException), null },
        { FramingFaults.ConnectionDispatchFailed, typeof(CommunicationException), null },
        { FramingFaults.MaxMessageSizeExceeded, typeof(CommunicationException), typeof(QuotaExceededException) },
        { FramingFaults.ContentTypeTooLong, typeof(CommunicationException), typeof(QuotaExceededException) },
        { FramingFaults.ViaTooLong, typeof(CommunicationException), typeof(QuotaExceededException) },
        { FramingFaults.ContentTypeInvalid, typeof(ProtocolException), null },
        { FramingFaults.UnsupportedMode, typeof(ProtocolException), null },
        { FramingFaults.UnsupportedVersion, typeof(ProtocolException), null },
        { FramingFaults.UpgradeInvalid, typeof(ProtocolException), null },
        { FramingFaults.InvalidRecordSequence, typeof(ProtocolException), null },
        { "http://example.org/faults/SomethingElse", typeof(ProtocolException), null },
    };

    [Theory]
    [MemberData(nameof(Mapping))]
    public void ToException_IsWhatWcfsClientThrows(string fault, Type expected, Type? inner)
    {
        var exception = FramingFaults.ToException(fault, Via);

        Assert.IsType(expected, exception);
        Assert.Equal(inner, exception.InnerException?.GetType());
        Assert.Contains(Via.ToString(), exception.Message, StringComparison.Ordinal);
    }
}
