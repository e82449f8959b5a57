namespace Samples.Payloads;

/// <summary>256 common English words: text drawn from them has the redundancy of ordinary prose-like data.</summary>
internal static class WordList
{
    /// <summary>The words; a power of two so a uniform draw carries exactly 8 bits.</summary>
    public static readonly string[] Words =
    [
        "order", "item", "price", "ship", "customer", "account", "total", "payment",
        "delivery", "address", "city", "state", "country", "postal", "code", "number",
        "invoice", "credit", "debit", "card", "balance", "amount", "tax", "discount",
        "product", "catalog", "stock", "warehouse", "supplier", "vendor", "contract", "service",
        "request", "reply", "message", "status", "pending", "complete", "cancelled", "returned",
        "the", "and", "for", "with", "from", "this", "that", "will",
        "have", "been", "were", "their", "there", "which", "about", "would",
        "these", "other", "into", "more", "some", "could", "them", "than",
        "first", "last", "next", "early", "late", "small", "large", "new",
        "old", "good", "great", "high", "low", "long", "short", "open",
        "closed", "daily", "weekly", "monthly", "yearly", "north", "south", "east",
        "west", "central", "region", "branch", "office", "store", "market", "online",
        "phone", "email", "letter", "parcel", "package", "box", "pallet", "crate",
        "truck", "train", "plane", "boat", "route", "depot", "hub", "gate",
        "red", "blue", "green", "black", "white", "silver", "gold", "gray",
        "steel", "wood", "glass", "paper", "cotton", "wool", "leather", "plastic",
        "chair", "table", "desk", "lamp", "shelf", "cabinet", "drawer", "bench",
        "shirt", "jacket", "shoe", "boot", "glove", "scarf", "hat", "belt",
        "apple", "bread", "cheese", "coffee", "tea", "sugar", "salt", "rice",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "holiday",
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december", "morning", "evening", "night", "noon",
        "quick", "slow", "fast", "careful", "fragile", "heavy", "light", "bulk",
        "priority", "standard", "express", "economy", "freight", "courier", "pickup", "dropoff",
        "signed", "received", "checked", "packed", "loaded", "scanned", "sorted", "billed",
        "team", "manager", "clerk", "driver", "agent", "buyer", "seller", "owner",
        "please", "note", "call", "before", "after", "during", "until", "only",
        "front", "back", "side", "door", "floor", "room", "suite", "unit",
        "one", "two", "three", "four", "five", "six", "seven", "eight",
        "alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "lambda",
        "spring", "summer", "autumn", "winter", "rain", "snow", "wind", "sun",
        "river", "lake", "hill", "valley", "forest", "field", "bridge", "harbor",
    ];
}
