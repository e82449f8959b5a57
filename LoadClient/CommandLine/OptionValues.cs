using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using LoadClient.Payloads;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace LoadClient.CommandLine;

/// <summary>
/// Builds LoadClient's options and reads their values, each with its own range check: a bad value is reported through
/// System.CommandLine's error list (with the option's name and what it accepts) and parsing goes on, so every problem is
/// reported at once.
/// </summary>
internal static class OptionValues
{
    /// <summary>An integer option from <paramref name="min"/> to <paramref name="max"/>.</summary>
    public static Option<int> Int(string name, string helpName, int fallback, int min, int max, string description) => new(name)
    {
        Description = description,
        HelpName = helpName,
        DefaultValueFactory = _ => fallback,
        CustomParser = result =>
        {
            if (Single(result) is not { } value)
            {
                return fallback;
            }

            if (int.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var parsed) && parsed >= min && parsed <= max)
            {
                return parsed;
            }

            var range = max == int.MaxValue ? $"an integer >= {min}" : $"an integer from {min} to {max}";
            result.AddError($"Option '{name}' must be {range}; got '{value}'.");
            return fallback;
        },
    };

    /// <summary>A number of seconds from <paramref name="min"/> to <paramref name="max"/>.</summary>
    public static Option<double?> Seconds(string name, double? fallback, double min, double max, string description)
    {
        var option = Number(name, "seconds", min, max, description, "a number of seconds");
        if (fallback is { } value)
        {
            option.DefaultValueFactory = _ => value;
        }

        return option;
    }

    /// <summary>A number from <paramref name="min"/> to <paramref name="max"/>; null when not given.</summary>
    public static Option<double?> Number(string name, string helpName, double min, double max, string description, string what = "a number") => new(name)
    {
        Description = description,
        HelpName = helpName,
        CustomParser = result =>
        {
            if (Single(result) is not { } value)
            {
                return null;
            }

            // The range test also rejects NaN and infinities, which double.TryParse accepts.
            if (double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var parsed) && parsed >= min && parsed <= max)
            {
                return parsed;
            }

            result.AddError($"Option '{name}' must be {what} from {min.ToString(CultureInfo.InvariantCulture)} to {max.ToString(CultureInfo.InvariantCulture)}; got '{value}'.");
            return null;
        },
    };

    /// <summary>An option whose values are <typeparamref name="T"/>'s member names with a lower-case first letter, any case.</summary>
    /// <remarks>Null when not given: System.CommandLine would show an enum default as its member name (Raw), so the
    /// description says the default as it is typed and the caller applies it.</remarks>
    public static Option<T?> Enum<T>(string name, T fallback, string description)
        where T : struct, Enum
    {
        var names = System.Enum.GetValues<T>().Select(Names.Of).ToArray();
        var option = new Option<T?>(name)
        {
            Description = $"{description} [default: {Names.Of(fallback)}]",
            HelpName = string.Join('|', names),
            CustomParser = result =>
            {
                if (Single(result) is not { } value)
                {
                    return null;
                }

                // Enum.TryParse would also take numbers ("7"), which are not names.
                var index = Array.FindIndex(names, n => n.Equals(value, StringComparison.OrdinalIgnoreCase));
                if (index >= 0)
                {
                    return System.Enum.GetValues<T>()[index];
                }

                result.AddError($"Option '{name}' must be one of {string.Join(", ", names)}; got '{value}'.");
                return null;
            },
        };
        option.CompletionSources.Add(names);
        return option;
    }

    /// <summary>An option taking one of <paramref name="values"/>, any case, returned as written there; null when not given.</summary>
    public static Option<string?> Choice(string name, IReadOnlyList<string> values, string description)
    {
        var option = new Option<string?>(name)
        {
            Description = description,
            HelpName = string.Join('|', values),
            CustomParser = result =>
            {
                if (Single(result) is not { } value)
                {
                    return null;
                }

                var found = values.FirstOrDefault(v => v.Equals(value, StringComparison.OrdinalIgnoreCase));
                if (found is null)
                {
                    result.AddError($"Option '{name}' must be one of {string.Join(", ", values)}; got '{value}'.");
                }

                return found;
            },
        };
        option.CompletionSources.Add([.. values]);
        return option;
    }

    /// <summary>The --binding option: a wire binding by name, any case.</summary>
    public static Option<WireBinding> Binding(string name, string description)
    {
        var option = new Option<WireBinding>(name)
        {
            Description = description,
            HelpName = string.Join('|', WireBindingNames.All),
            DefaultValueFactory = _ => WireBindings.BasicHttp,
            CustomParser = result =>
            {
                if (Single(result) is not { } value)
                {
                    return WireBindings.BasicHttp;
                }

                var found = WireBindings.All.FirstOrDefault(b => b.Name.Equals(value, StringComparison.OrdinalIgnoreCase));
                if (found is null)
                {
                    result.AddError($"Option '{name}' must be one of {string.Join(", ", WireBindingNames.All)}; got '{value}'.");
                }

                return found ?? WireBindings.BasicHttp;
            },
        };
        option.CompletionSources.Add([.. WireBindingNames.All]);
        return option;
    }

    /// <summary>The --profile option: a message profile or one of its aliases.</summary>
    public static Option<PayloadProfile?> Profile(string name, string description)
    {
        var option = new Option<PayloadProfile?>(name)
        {
            Description = $"{description} [default: {MessageProfiles.Medium}]",
            HelpName = string.Join('|', MessageProfiles.Names),
            CustomParser = result =>
            {
                if (Single(result) is not { } value)
                {
                    return null;
                }

                if (MessageProfiles.TryGet(value, out var profile))
                {
                    return profile;
                }

                result.AddError($"Option '{name}' must be one of {string.Join(", ", MessageProfiles.Names)}; got '{value}'.");
                return null;
            },
        };
        option.CompletionSources.Add([.. MessageProfiles.Names]);
        return option;
    }

    /// <summary>A comma-separated list of codec names the wire library knows (none excluded), each once.</summary>
    public static Option<IReadOnlyList<string>?> Codecs(string name, string description)
    {
        var known = CodecRegistry.Default.Codecs.Select(c => c.Name).Where(n => n != CompressionCodecNames.None).ToArray();
        return new Option<IReadOnlyList<string>?>(name)
        {
            Description = description,
            HelpName = "list",
            CustomParser = result =>
            {
                if (Single(result) is not { } value)
                {
                    return null;
                }

                var names = value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
                if (names.Length == 0 || CodecRegistry.Default.Check(names, out var codecs).Count > 0)
                {
                    result.AddError($"Option '{name}' must be a comma-separated list of distinct codecs from {string.Join(", ", known)}; got '{value}'.");
                    return null;
                }

                return codecs.Select(c => c.Name).ToArray();
            },
        };
    }

    /// <summary>--url: an absolute http, https or net.tcp URL.</summary>
    public static Uri? AbsoluteUrl(ArgumentResult result)
    {
        if (Single(result) is not { } value)
        {
            return null;
        }

        if (Uri.TryCreate(value, UriKind.Absolute, out var url)
            && (url.Scheme == Uri.UriSchemeHttp || url.Scheme == Uri.UriSchemeHttps || url.Scheme == Uri.UriSchemeNetTcp))
        {
            return url;
        }

        result.AddError($"Option '{OptionName(result)}' must be an absolute http, https or net.tcp URL; got '{value}'.");
        return null;
    }

    /// <summary>--admin-url: an absolute http URL.</summary>
    public static Uri? HttpUrl(ArgumentResult result)
    {
        if (Single(result) is not { } value)
        {
            return null;
        }

        if (Uri.TryCreate(value, UriKind.Absolute, out var url) && (url.Scheme == Uri.UriSchemeHttp || url.Scheme == Uri.UriSchemeHttps))
        {
            return url;
        }

        result.AddError($"Option '{OptionName(result)}' must be an absolute http or https URL; got '{value}'.");
        return null;
    }

    /// <summary>--to: any absolute URI.</summary>
    public static Uri? AbsoluteUri(ArgumentResult result)
    {
        if (Single(result) is not { } value)
        {
            return null;
        }

        if (Uri.TryCreate(value, UriKind.Absolute, out var uri))
        {
            return uri;
        }

        result.AddError($"Option '{OptionName(result)}' must be an absolute URI; got '{value}'.");
        return null;
    }

    /// <summary>A file to write (--json, --record-acks): in a directory that exists.</summary>
    public static string? OutputFile(ArgumentResult result)
    {
        if (Single(result) is not { } path)
        {
            return null;
        }

        string? directory = null;
        var valid = path.Length > 0 && path.IndexOf('\0', StringComparison.Ordinal) < 0 && !Directory.Exists(path);
        if (valid)
        {
            directory = Path.GetDirectoryName(Path.GetFullPath(path));
        }

        if (!valid || (directory is not null && !Directory.Exists(directory)))
        {
            result.AddError($"Option '{OptionName(result)}' must name a file in an existing directory; got '{path}'.");
        }

        return path;
    }

    // An option given twice arrives here with two tokens: reported once, in the old parser's words.
    private static string? Single(ArgumentResult result)
    {
        if (result.Tokens.Count == 1)
        {
            return result.Tokens[0].Value;
        }

        if (result.Tokens.Count > 1)
        {
            result.AddError($"Option '{OptionName(result)}' is given more than once.");
        }

        return null;
    }

    private static string OptionName(ArgumentResult result) =>
        result.Parent is OptionResult option ? option.Option.Name : result.Argument.Name;
}
