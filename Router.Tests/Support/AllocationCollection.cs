namespace SoapRouter.Tests.Support;

/// <summary>
/// Tests that count the whole process's allocations run alone: another test's work on the thread pool would be
/// counted as theirs.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class AllocationCollection
{
    /// <summary>The collection's name.</summary>
    public const string Name = "allocations";
}
