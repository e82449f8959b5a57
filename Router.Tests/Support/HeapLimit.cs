namespace SoapRouter.Tests.Support;

/// <summary>What the GC throws when the managed heap meets its limit, for tests that script it (CA2201: only the runtime constructs it).</summary>
internal static class HeapLimit
{
    public static OutOfMemoryException Met() => Activator.CreateInstance<OutOfMemoryException>();
}
