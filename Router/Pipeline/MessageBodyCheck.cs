using System.ServiceModel.Channels;

namespace SoapRouter.Pipeline;

/// <summary>
/// The whole-message check of a message WCF's encoder read (msbin1, a net.tcp session's): WCF reads only the headers
/// when it makes a message and leaves the body for whoever writes it on, so a body broken after the headers would reach
/// the backend as it came. This reads a copy of the message from the buffer to its end, once, with the reader quotas the
/// encoder was made with; bad input throws what WCF throws.
/// </summary>
internal static class MessageBodyCheck
{
    /// <summary>Reads the body of a message made from <paramref name="buffer"/> to its end; the buffer stays usable.</summary>
    public static void ReadToEnd(MessageBuffer buffer)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        var message = buffer.CreateMessage();
        try
        {
            ReadToEnd(message);
        }
        finally
        {
            message.Close();
        }
    }

    /// <summary>Reads the body of <paramref name="message"/> (not read yet) to its end; its headers stay readable, its body is gone.</summary>
    public static void ReadToEnd(Message message)
    {
        ArgumentNullException.ThrowIfNull(message);
        if (message.IsEmpty)
        {
            return;
        }

        using var reader = message.GetReaderAtBodyContents();
        while (reader.Read())
        {
        }
    }
}
