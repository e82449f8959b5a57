using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>Where an msbin1 wsa:To's content lies: the bytes from after its start record to its end, inclusive.</summary>
/// <param name="ContentStart">Offset of the first byte after the start record and its attributes.</param>
/// <param name="ContentEnd">Offset just past the record that ends the element.</param>
/// <param name="Text">The UTF-8 text when the content is one Chars text record; default otherwise.</param>
/// <param name="ElementStart">Offset of the element's start record.</param>
internal readonly record struct Msbin1ToLocation(int ContentStart, int ContentEnd, ByteRange Text, int ElementStart = 0);
