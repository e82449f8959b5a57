namespace SoapRouter.Hosting;

/// <summary>
/// Which of the two console sinks writes: the logger is made before router.json is read (loading it logs), so the
/// format is chosen once the config (or <c>--log-format</c>) is known, by flipping this.
/// </summary>
internal sealed class LogFormatSwitch
{
    private volatile bool _json;

    /// <summary>True: compact JSON lines; false: readable text lines.</summary>
    public bool Json
    {
        get => _json;
        set => _json = value;
    }
}
