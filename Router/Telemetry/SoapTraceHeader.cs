using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Configuration;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Telemetry;

/// <summary>
/// The traceparent carried in a SOAP header (telemetry.tracing.soapHeader), for net.tcp, which has no HTTP headers.
/// Read from a received message's buffer and written into a message the router builds for a net.tcp destination:
/// with the header configured, net.tcp destinations get a re-encoded message (the verbatim path is left), so the
/// header is added to the message before it is written, never spliced into bytes.
/// </summary>
internal static class SoapTraceHeader
{
    // A traceparent is 55 characters; a longer header is not read (and then not trusted).
    private const int MaxLength = 512;

    /// <summary>The header's text in <paramref name="buffer"/>, or null when it is absent or unreadable.</summary>
    public static string? Read(MessageBuffer buffer, TraceHeaderConfig header)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        ArgumentNullException.ThrowIfNull(header);
        using var message = buffer.CreateMessage();
        return Read(message.Headers, header);
    }

    /// <summary>The header's text in <paramref name="headers"/>, or null when it is absent or unreadable.</summary>
    public static string? Read(MessageHeaders headers, TraceHeaderConfig header)
    {
        ArgumentNullException.ThrowIfNull(headers);
        ArgumentNullException.ThrowIfNull(header);
        try
        {
            var index = headers.FindHeader(header.Name, header.Namespace);
            if (index < 0)
            {
                return null;
            }

            using var reader = headers.GetReaderAtHeader(index);
            var text = reader.ReadElementContentAsString();
            return text.Length is > 0 and <= MaxLength ? text.Trim() : null;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex) || ex is InvalidOperationException)
        {
            // Duplicate or malformed headers are the client's problem; the message still goes on, untraced by it.
            return null;
        }
    }

    /// <summary>Replaces any copy of the header in <paramref name="message"/> with <paramref name="traceParent"/> (none: only removes).</summary>
    public static void Replace(Message message, TraceHeaderConfig header, string? traceParent)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentNullException.ThrowIfNull(header);
        var headers = message.Headers;
        headers.RemoveAll(header.Name, header.Namespace);
        if (traceParent is not null)
        {
            headers.Add(MessageHeader.CreateHeader(header.Name, header.Namespace, traceParent));
        }
    }
}
