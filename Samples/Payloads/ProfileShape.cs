namespace Samples.Payloads;

/// <summary>The knobs that give a <see cref="PayloadProfile"/> its compression ratio; values live in <see cref="ProfileShapes"/>.</summary>
internal sealed record ProfileShape
{
    /// <summary>Order fields come from a handful of fixed values instead of varied sample data.</summary>
    public required bool RepetitiveFields { get; init; }

    /// <summary>How many words of <see cref="WordList"/> the text filler uses; 0 means no text filler.</summary>
    public required int Vocabulary { get; init; }

    /// <summary>Words are taken in list order (a repeating sentence) rather than drawn at random.</summary>
    public required bool SequentialWords { get; init; }

    /// <summary>Probability that a text filler token is a random number instead of a word.</summary>
    public required double NumberShare { get; init; }

    /// <summary>Digits in each random number token.</summary>
    public required int NumberDigits { get; init; }

    /// <summary>The filler is random bytes (Order.Attachment / EchoPayload.Blob) instead of text.</summary>
    public required bool BinaryFiller { get; init; }

    /// <summary>Share of 64-byte blocks of the binary filler that are zeroed, pulling its ratio just below 1.</summary>
    public required double ZeroBlockShare { get; init; }

    /// <summary>Filler length (chars or bytes) per order in GetOrders(n).</summary>
    public required int NominalFillerLength { get; init; }
}
