namespace SoapRouter.Configuration;

/// <summary>One key of router.json read once at start: a reload that changes it is warned about, not applied.</summary>
/// <param name="Path">The key as the warning names it.</param>
/// <param name="Group">The warning it is reported under.</param>
/// <param name="Differs">True when the second config changes the key against the first.</param>
public sealed record RestartKey(string Path, RestartGroup Group, Func<RouterConfig, RouterConfig, bool> Differs);
