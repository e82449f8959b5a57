using System.ServiceModel.Channels;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>One text envelope of <see cref="TextCorpus"/>.</summary>
/// <param name="Name">What it is, for test output.</param>
/// <param name="Version">The message version it is read with.</param>
/// <param name="Bytes">The envelope as sent.</param>
internal sealed record TextCorpusMessage(string Name, MessageVersion Version, byte[] Bytes)
{
    /// <inheritdoc/>
    public override string ToString() => Name;
}
