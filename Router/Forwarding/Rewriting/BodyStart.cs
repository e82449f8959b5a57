using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Where a message's Body content begins, as the header scanners found it: everything before <see cref="ContentStart"/>
/// is the envelope's header section (the part a streamed message's router holds). For text, the names needed to close
/// the envelope after it; msbin1 closes with two EndElement records.
/// </summary>
/// <param name="ContentStart">Offset just past the Body start tag (text) or its element record and attributes (msbin1).</param>
/// <param name="IsEmpty">The Body was written as an empty element (&lt;s:Body/&gt;): nothing of it follows.</param>
/// <param name="BodyName">The Body start tag's qualified name (text only).</param>
/// <param name="EnvelopeName">The Envelope start tag's qualified name (text only).</param>
internal readonly record struct BodyStart(int ContentStart, bool IsEmpty, ByteRange BodyName, ByteRange EnvelopeName);
