namespace SoapRouter.Configuration;

/// <summary>Builds the paths that name a place in router.json in error messages, e.g. <c>routes[2].filters[0].value</c>.</summary>
internal static class ConfigPath
{
    /// <summary>The path of property <paramref name="name"/> under <paramref name="parent"/> ("" is the root).</summary>
    public static string Property(string parent, string name) => parent.Length == 0 ? name : parent + "." + name;

    /// <summary>The path of array element <paramref name="index"/> under <paramref name="parent"/>.</summary>
    public static string Index(string parent, int index) => $"{parent}[{index}]";

    /// <summary>
    /// The path of dictionary entry <paramref name="key"/>: dotted when the key looks like an identifier, so
    /// <c>clusters.orders</c> reads naturally, bracketed and quoted otherwise so any key stays unambiguous.
    /// </summary>
    public static string Key(string parent, string key) =>
        IsPlainKey(key) ? Property(parent, key) : $"{parent}['{key}']";

    /// <summary>The text used at the start of a message about the whole file.</summary>
    public static string Display(string path) => path.Length == 0 ? "(root)" : path;

    private static bool IsPlainKey(string key)
    {
        if (key.Length == 0 || char.IsDigit(key[0]))
        {
            return false;
        }

        foreach (var c in key)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c is not '_' and not '-')
            {
                return false;
            }
        }

        return true;
    }
}
