namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// What the streaming evaluator knows about one open element. Masks over step bits say which steps the element is a
/// candidate for and how far each has got; masks over predicate bits say which of its steps' predicates hold.
/// </summary>
internal struct ElementFrame
{
    /// <summary>Steps this element matches, given its ancestors (name test passed, attribute predicates held).</summary>
    public ulong Candidates;

    /// <summary><see cref="Candidates"/> of this element and all its ancestors: descendant steps below it start from these.</summary>
    public ulong Inherited;

    /// <summary>Steps for which the rest of the path has been found below (or, for a final step, the value test passed).</summary>
    public ulong Found;

    /// <summary>Steps already completed and reported upwards, so a completion propagates once.</summary>
    public ulong Completed;

    /// <summary>Predicates of this element's steps that hold.</summary>
    public ulong Satisfied;

    /// <summary>Predicates of the parent's steps that compare this element's string value, decided at its end tag.</summary>
    public ulong PendingForParent;

    /// <summary>Where this element's string value starts in the captured text, or -1 when it is not captured.</summary>
    public int TextStart;
}
