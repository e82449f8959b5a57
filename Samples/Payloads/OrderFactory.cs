using System.Globalization;
using Samples.Contracts;

namespace Samples.Payloads;

/// <summary>Builds one order from its own seed, so an order never depends on the filler length of another.</summary>
internal static class OrderFactory
{
    // Keeps the filler's random stream apart from the fields', so changing the filler length
    // (when sizing a message) leaves every field value and therefore its size unchanged.
    private const int FillerSalt = 0x5BD1E995;

    private static readonly DateTime ExpirationBase = new(2027, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>An order of <paramref name="shape"/> with a filler of <paramref name="fillerLength"/>.</summary>
    public static Order Create(ProfileShape shape, int orderSeed, int fillerLength)
    {
        var random = new Random(orderSeed);
        var order = shape.RepetitiveFields ? CreateRepetitive(random) : CreateVaried(random);
        var filler = Filler.Create(shape, new Random(orderSeed ^ FillerSalt), fillerLength);
        order.Notes = filler.Text;
        order.Attachment = filler.Bytes;
        return order;
    }

    private static Order CreateRepetitive(Random random)
    {
        var (city, state) = SampleData.Cities[random.Next(2)];
        var lines = new OrderLine[3];
        for (var i = 0; i < lines.Length; i++)
        {
            lines[i] = new OrderLine { ItemId = 100 + random.Next(4), Quantity = 1 };
        }

        return new Order
        {
            CustomerId = 1000 + random.Next(4),
            ShippingAddress1 = "1 Main Street",
            ShippingAddress2 = string.Empty,
            ShippingCity = city,
            ShippingState = state,
            ShippingZip = "98101",
            ShippingCountry = "USA",
            ShipType = SampleData.ShipTypes[random.Next(2)],
            CreditCardType = "Visa",
            CreditCardNumber = "4111111111111111",
            CreditCardExpiration = ExpirationBase.AddMonths(random.Next(2)),
            CreditCardName = "Ada Smith",
            OrderItems = lines,
        };
    }

    private static Order CreateVaried(Random random)
    {
        var (city, state) = Pick(random, SampleData.Cities);
        var lines = new OrderLine[random.Next(2, 6)];
        for (var i = 0; i < lines.Length; i++)
        {
            lines[i] = new OrderLine { ItemId = random.Next(1, 100_000), Quantity = random.Next(1, 21) };
        }

        return new Order
        {
            CustomerId = random.Next(1, 1_000_000),
            ShippingAddress1 = string.Create(CultureInfo.InvariantCulture, $"{random.Next(1, 10_000)} {Pick(random, SampleData.Streets)} {Pick(random, SampleData.StreetSuffixes)}"),
            ShippingAddress2 = random.Next(3) == 0 ? string.Create(CultureInfo.InvariantCulture, $"Suite {random.Next(1, 1000)}") : string.Empty,
            ShippingCity = city,
            ShippingState = state,
            ShippingZip = random.Next(10_000, 100_000).ToString(CultureInfo.InvariantCulture),
            ShippingCountry = Pick(random, SampleData.Countries),
            ShipType = Pick(random, SampleData.ShipTypes),
            CreditCardType = Pick(random, SampleData.CardTypes),
            CreditCardNumber = string.Create(CultureInfo.InvariantCulture, $"4{random.NextInt64(100_000_000_000_000, 1_000_000_000_000_000)}"),
            CreditCardExpiration = ExpirationBase.AddMonths(random.Next(60)),
            CreditCardName = string.Create(CultureInfo.InvariantCulture, $"{Pick(random, SampleData.FirstNames)} {Pick(random, SampleData.LastNames)}"),
            OrderItems = lines,
        };
    }

    private static T Pick<T>(Random random, T[] values) => values[random.Next(values.Length)];
}
