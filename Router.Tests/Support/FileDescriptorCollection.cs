namespace SoapRouter.Tests.Support;

/// <summary>
/// Tests that count the test process's own file descriptors, or open hundreds of them (connections to a router under a
/// low open-file limit), run alone: neither disturbs the other, nor do other tests' sockets disturb a count.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class FileDescriptorCollection
{
    /// <summary>The collection's name.</summary>
    public const string Name = "file descriptors";
}
