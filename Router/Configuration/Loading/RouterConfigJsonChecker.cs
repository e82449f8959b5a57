using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace SoapRouter.Configuration;

/// <summary>
/// Walks router.json against the serializer's own metadata for the config records and collects every unknown
/// property, duplicate key, misplaced null and mistyped value, each with its path and line. The serializer stops
/// at the first such problem; an operator fixing a file wants them all at once.
/// </summary>
internal sealed class RouterConfigJsonChecker
{
    private static readonly JsonReaderOptions ReaderOptions = new()
    {
        CommentHandling = JsonCommentHandling.Skip,
        AllowTrailingCommas = true,
    };

    private readonly ReadOnlyMemory<byte> _utf8;
    private readonly List<string> _errors = [];

    private RouterConfigJsonChecker(ReadOnlyMemory<byte> utf8) => _utf8 = utf8;

    /// <summary>Returns every structural error in <paramref name="utf8"/> when read as <paramref name="rootType"/>; empty when none.</summary>
    public static IReadOnlyList<string> Check(ReadOnlyMemory<byte> utf8, JsonTypeInfo rootType)
    {
        var checker = new RouterConfigJsonChecker(utf8);
        var reader = new Utf8JsonReader(utf8.Span, ReaderOptions);
        try
        {
            reader.Read();
            checker.CheckValue(ref reader, rootType, "", allowNull: false);

            // A second top-level value is a syntax error; the reader reports it with its position.
            reader.Read();
        }
        catch (JsonException ex)
        {
            checker._errors.Add(DescribeSyntaxError(ex));
        }

        return checker._errors;
    }

    /// <summary>Formats a reader or serializer exception as "line L, column C: invalid JSON: ..." without the stack trace.</summary>
    public static string DescribeSyntaxError(JsonException ex)
    {
        // The reader appends its own "LineNumber: n | BytePositionInLine: m." (zero-based); we print one-based instead.
        var message = ex.Message;
        var cut = message.IndexOf(" LineNumber:", StringComparison.Ordinal);
        if (cut < 0)
        {
            cut = message.IndexOf(" Path:", StringComparison.Ordinal);
        }

        if (cut >= 0)
        {
            message = message[..cut];
        }

        var line = (ex.LineNumber ?? 0) + 1;
        var column = (ex.BytePositionInLine ?? 0) + 1;
        return $"line {line}, column {column}: invalid JSON: {message}";
    }

    private void CheckValue(ref Utf8JsonReader reader, JsonTypeInfo type, string path, bool allowNull)
    {
        if (reader.TokenType == JsonTokenType.Null)
        {
            if (!allowNull)
            {
                Add(path, "null is not allowed here", reader.TokenStartIndex);
            }

            return;
        }

        switch (type.Kind)
        {
            case JsonTypeInfoKind.Object:
                CheckObject(ref reader, type, path);
                break;
            case JsonTypeInfoKind.Enumerable:
                CheckArray(ref reader, type, path);
                break;
            case JsonTypeInfoKind.Dictionary:
                CheckDictionary(ref reader, type, path);
                break;
            default:
                CheckLeaf(ref reader, type, path);
                break;
        }
    }

    private void CheckObject(ref Utf8JsonReader reader, JsonTypeInfo type, string path)
    {
        if (!ExpectToken(ref reader, JsonTokenType.StartObject, "an object", path))
        {
            return;
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var name = reader.GetString()!;
            var namePosition = reader.TokenStartIndex;
            var propertyPath = ConfigPath.Property(path, name);
            reader.Read();

            if (!seen.Add(name))
            {
                Add(propertyPath, $"property '{name}' appears more than once", namePosition);
            }

            var property = FindProperty(type, name);
            if (property is null)
            {
                Add(propertyPath, UnknownPropertyMessage(name, type), namePosition);
                reader.Skip();
                continue;
            }

            CheckValue(ref reader, type.Options.GetTypeInfo(property.PropertyType), propertyPath, property.IsSetNullable);
        }
    }

    private void CheckArray(ref Utf8JsonReader reader, JsonTypeInfo type, string path)
    {
        if (!ExpectToken(ref reader, JsonTokenType.StartArray, "an array", path))
        {
            return;
        }

        var elementType = type.Options.GetTypeInfo(type.ElementType!);
        var index = 0;
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            CheckValue(ref reader, elementType, ConfigPath.Index(path, index++), allowNull: false);
        }
    }

    private void CheckDictionary(ref Utf8JsonReader reader, JsonTypeInfo type, string path)
    {
        if (!ExpectToken(ref reader, JsonTokenType.StartObject, "an object", path))
        {
            return;
        }

        var valueType = type.Options.GetTypeInfo(type.ElementType!);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var key = reader.GetString()!;
            var entryPath = ConfigPath.Key(path, key);
            if (!seen.Add(key))
            {
                // The serializer would keep the last one silently; two clusters with one name is a mistake.
                Add(entryPath, $"key '{key}' appears more than once", reader.TokenStartIndex);
            }

            reader.Read();
            CheckValue(ref reader, valueType, entryPath, allowNull: false);
        }
    }

    private void CheckLeaf(ref Utf8JsonReader reader, JsonTypeInfo type, string path)
    {
        var start = reader;
        try
        {
            JsonSerializer.Deserialize(ref reader, type);
        }
        catch (JsonException)
        {
            Add(path, $"expected {ExpectedValue(type.Type)} but found {DescribeToken(ref start)}", start.TokenStartIndex);
            reader = start;
            reader.Skip();
        }
    }

    private bool ExpectToken(ref Utf8JsonReader reader, JsonTokenType expected, string description, string path)
    {
        if (reader.TokenType == expected)
        {
            return true;
        }

        Add(path, $"expected {description} but found {DescribeToken(ref reader)}", reader.TokenStartIndex);
        reader.Skip();
        return false;
    }

    private void Add(string path, string message, long position) =>
        _errors.Add($"{ConfigPath.Display(path)}: {message} (line {LineOf(position)})");

    private int LineOf(long position)
    {
        var before = _utf8.Span[..(int)Math.Min(position, _utf8.Length)];
        return before.Count((byte)'\n') + 1;
    }

    /// <summary>
    /// False for a [JsonIgnore] computed property (CertificateConfig.IsPkcs12): it stays in the metadata with no getter
    /// and no setter, and the serializer would drop its value, so it is no config key.
    /// </summary>
    private static bool IsConfigKey(JsonPropertyInfo property) => property.Get is not null || property.Set is not null;

    private static JsonPropertyInfo? FindProperty(JsonTypeInfo type, string name)
    {
        foreach (var property in type.Properties)
        {
            if (IsConfigKey(property) && string.Equals(property.Name, name, StringComparison.Ordinal))
            {
                return property;
            }
        }

        return null;
    }

    private static string UnknownPropertyMessage(string name, JsonTypeInfo type)
    {
        var known = new List<string>(type.Properties.Count);
        foreach (var property in type.Properties)
        {
            if (IsConfigKey(property))
            {
                known.Add(property.Name);
            }
        }

        var suggestion = NameSuggester.Closest(name, known);
        var hint = suggestion is null ? "" : $" (did you mean '{suggestion}'?)";
        return $"unknown property '{name}'{hint}; valid properties: {string.Join(", ", known)}";
    }

    private static string ExpectedValue(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type == typeof(string))
        {
            return "a string";
        }

        if (type == typeof(int))
        {
            return string.Create(CultureInfo.InvariantCulture, $"a whole number from {int.MinValue} to {int.MaxValue}");
        }

        if (type == typeof(long))
        {
            return "a whole number";
        }

        if (type == typeof(bool))
        {
            return "true or false";
        }

        if (type == typeof(TimeSpan))
        {
            return "a time span string such as \"00:00:05\" (hh:mm:ss)";
        }

        return $"a value of type {type.Name}";
    }

    private static string DescribeToken(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject:
                return "an object";
            case JsonTokenType.StartArray:
                return "an array";
            case JsonTokenType.Null:
                return "null";
            case JsonTokenType.True:
                return "true";
            case JsonTokenType.False:
                return "false";
            case JsonTokenType.String:
                return $"the string \"{Truncate(reader.GetString() ?? "")}\"";
            case JsonTokenType.Number:
                return $"the number {Encoding.UTF8.GetString(reader.ValueSpan)}";
            default:
                return reader.TokenType.ToString();
        }
    }

    private static string Truncate(string text) => text.Length <= 40 ? text : text[..40] + "...";
}
