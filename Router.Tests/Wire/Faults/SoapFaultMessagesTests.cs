using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Wire.Faults;

/// <summary>Fault messages in each binding's shape, read back by WCF's own fault reader.</summary>
public sealed class SoapFaultMessagesTests
{
    private static readonly WireLimits Limits = WireLimits.Default;

    [Fact]
    public void Soap11_SenderWithoutSubcode_IsClient_WithoutAddressingHeaders()
    {
        var text = Write(WireBindings.BasicHttp, SoapFaultSpec.Sender("Bad message."), relatesTo: "urn:uuid:1");

        Assert.Contains("<faultcode>s:Client</faultcode>", text, StringComparison.Ordinal);
        Assert.Contains("<faultstring xml:lang=\"en-US\">Bad message.</faultstring>", text, StringComparison.Ordinal);
        Assert.DoesNotContain("Header", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Soap11_ReceiverWithSubcode_WritesTheSubcodeAsFaultcode()
    {
        var fault = ReadFault(WireBindings.BasicHttp, SoapFaultSpec.Receiver("Down.", "Busy", "urn:router"));

        Assert.Equal("Busy", fault.Code.Name);
        Assert.Equal("urn:router", fault.Code.Namespace);
        Assert.Equal("Down.", fault.Reason.GetMatchingTranslation().Text);
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public void Soap12_CarriesCodeSubcodeFaultActionAndRelatesTo(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        var message = Read(binding, Bytes(binding, SoapFaultSpec.Sender("Nope.", "ActionNotSupported", SoapNamespaces.Addressing10), "urn:uuid:7"));
        var fault = MessageFault.CreateFault(message, Limits.MaxMessageSize);

        Assert.True(message.IsFault);
        Assert.Equal(SoapNamespaces.Addressing10FaultAction, message.Headers.Action);
        Assert.Equal("urn:uuid:7", message.Headers.RelatesTo!.ToString());
        Assert.True(fault.Code.IsSenderFault);
        Assert.Equal("ActionNotSupported", fault.Code.SubCode!.Name);
        Assert.Equal("Nope.", fault.Reason.GetMatchingTranslation().Text);
    }

    [Fact]
    public void Reason_WithCharactersXmlCannotCarry_IsMadeSafe()
    {
        var fault = ReadFault(WireBindings.Soap12Http, SoapFaultSpec.Sender("bad \u0001 char \ud800 here"));

        Assert.Equal("bad ? char ? here", fault.Reason.GetMatchingTranslation().Text);
    }

    [Fact]
    public void RelatesTo_LongerThanAnyRealMessageId_IsNotEchoed()
    {
        var message = Read(WireBindings.Soap12Http, Bytes(WireBindings.Soap12Http, SoapFaultSpec.Sender("x"), new string('a', 2000)));

        Assert.Null(message.Headers.RelatesTo);
    }

    [Fact]
    public void HttpStatus_IsAlways500() => Assert.Equal(500, SoapFaultMessages.HttpStatusCode);

    private static MessageFault ReadFault(WireBinding binding, SoapFaultSpec spec) =>
        MessageFault.CreateFault(Read(binding, Bytes(binding, spec, null)), Limits.MaxMessageSize);

    private static string Write(WireBinding binding, SoapFaultSpec spec, string? relatesTo) => System.Text.Encoding.UTF8.GetString(Bytes(binding, spec, relatesTo));

    private static byte[] Bytes(WireBinding binding, SoapFaultSpec spec, string? relatesTo) =>
        binding.CreateCodec(Limits).WriteToArray(SoapFaultMessages.Create(binding.MessageVersion, spec, relatesTo));

    private static Message Read(WireBinding binding, byte[] bytes) => binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
