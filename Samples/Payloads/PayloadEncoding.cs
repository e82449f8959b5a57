namespace Samples.Payloads;

/// <summary>The XML encodings a payload is serialized with, matching WCF's text and binary message encoders.</summary>
public enum PayloadEncoding
{
    /// <summary>UTF-8 text XML (XmlDictionaryWriter.CreateTextWriter); byte[] is written as base64.</summary>
    TextXml,

    /// <summary>WCF binary XML, msbin1 without a dictionary (XmlDictionaryWriter.CreateBinaryWriter); byte[] is written raw.</summary>
    BinaryXml,
}
