namespace SoapRouter.Wire.Encoding;

/// <summary>The managed heap's one aggressive collection, shared by the buffer pool's retry and the router's memory pressure.</summary>
public static class ManagedHeap
{
    /// <summary>
    /// A blocking, aggressive collection of every generation (it decommits what it frees) that compacts the large object
    /// heap too: what a message buffer of any size needs to be allocated again.
    /// </summary>
    public static void CollectAggressively() =>
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
}
