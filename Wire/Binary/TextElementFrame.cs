namespace SoapRouter.Wire.Binary;

/// <summary>An element <see cref="TextToMsbin1Walk"/> has open: its name as written, for the end tag to match.</summary>
/// <param name="Name">The element's qualified name in the input.</param>
/// <param name="DeclarationsBefore">How many prefix declarations were in scope before its start tag.</param>
internal readonly record struct TextElementFrame(ByteRange Name, int DeclarationsBefore);
