namespace Samples.Payloads;

/// <summary>Plausible values for order fields, so generated orders look like the seed's Northwind-like data.</summary>
internal static class SampleData
{
    public static readonly string[] FirstNames =
        ["Ada", "Brian", "Chloe", "Diego", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kira", "Liam", "Maya", "Nils", "Olga", "Pedro"];

    public static readonly string[] LastNames =
        ["Smith", "Garcia", "Muller", "Rossi", "Tanaka", "Novak", "Dubois", "Jensen", "Silva", "Kowalski", "Brown", "Ivanova", "Okafor", "Larsen", "Moreau", "Nakamura"];

    public static readonly string[] Streets =
        ["Main", "Oak", "Pine", "Maple", "Cedar", "Elm", "Lake", "Hill", "Park", "River", "Church", "Market", "Mill", "Station", "Bridge", "Harbor"];

    public static readonly string[] StreetSuffixes = ["Street", "Avenue", "Road", "Lane", "Drive", "Way", "Court", "Place"];

    public static readonly (string City, string State)[] Cities =
    [
        ("Seattle", "WA"), ("Portland", "OR"), ("Austin", "TX"), ("Denver", "CO"),
        ("Boston", "MA"), ("Chicago", "IL"), ("Atlanta", "GA"), ("Phoenix", "AZ"),
        ("Madison", "WI"), ("Raleigh", "NC"), ("Omaha", "NE"), ("Tucson", "AZ"),
        ("Buffalo", "NY"), ("Tampa", "FL"), ("Reno", "NV"), ("Boise", "ID"),
    ];

    public static readonly string[] Countries = ["USA", "Canada", "Mexico", "UK", "Germany", "France", "Italy", "Japan"];

    public static readonly string[] ShipTypes = ["Ground", "Air", "Express", "Freight"];

    public static readonly string[] CardTypes = ["Visa", "MasterCard", "Amex", "Discover"];
}
