using Samples.Contracts;

namespace SoapRouter.Tests.Samples.Contracts;

/// <summary>Field-by-field equality for orders, which (as data contracts) have reference equality.</summary>
internal static class OrderAssert
{
    public static void Equal(Order expected, Order actual)
    {
        Assert.Equal(expected.CustomerId, actual.CustomerId);
        Assert.Equal(expected.ShippingAddress1, actual.ShippingAddress1);
        Assert.Equal(expected.ShippingAddress2, actual.ShippingAddress2);
        Assert.Equal(expected.ShippingCity, actual.ShippingCity);
        Assert.Equal(expected.ShippingState, actual.ShippingState);
        Assert.Equal(expected.ShippingZip, actual.ShippingZip);
        Assert.Equal(expected.ShippingCountry, actual.ShippingCountry);
        Assert.Equal(expected.ShipType, actual.ShipType);
        Assert.Equal(expected.CreditCardType, actual.CreditCardType);
        Assert.Equal(expected.CreditCardNumber, actual.CreditCardNumber);
        Assert.Equal(expected.CreditCardExpiration, actual.CreditCardExpiration);
        Assert.Equal(expected.CreditCardExpiration.Kind, actual.CreditCardExpiration.Kind);
        Assert.Equal(expected.CreditCardName, actual.CreditCardName);
        Assert.Equal(expected.Notes, actual.Notes);
        Assert.Equal(expected.Attachment, actual.Attachment);
        Assert.Equal(expected.OrderId, actual.OrderId);
        Assert.Equal(expected.OrderItems?.Length, actual.OrderItems?.Length);
        for (var i = 0; i < (expected.OrderItems?.Length ?? 0); i++)
        {
            Assert.Equal(expected.OrderItems![i].ItemId, actual.OrderItems![i].ItemId);
            Assert.Equal(expected.OrderItems[i].Quantity, actual.OrderItems[i].Quantity);
        }
    }

    public static void Equal(IReadOnlyList<Order> expected, IReadOnlyList<Order> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        for (var i = 0; i < expected.Count; i++)
        {
            Equal(expected[i], actual[i]);
        }
    }
}
