namespace SoapRouter.Wire.Compression;

/// <summary>One entry of a list of codec names, at <paramref name="Index"/>, and what is wrong with it.</summary>
/// <param name="Index">The entry's place in the list, from 0.</param>
/// <param name="Name">The entry as written.</param>
/// <param name="Problem">What is wrong with it.</param>
public readonly record struct CodecListEntry(int Index, string? Name, CodecListProblem Problem);
