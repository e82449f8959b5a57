using Samples.Contracts;

namespace Samples.Payloads;

/// <summary>
/// Produces the stub's payloads for one <see cref="PayloadProfile"/>. Every call is a pure function of
/// the seed and its arguments (each call starts a fresh <see cref="Random"/>), so the generator is
/// deterministic for a seed and safe to share between threads.
/// </summary>
public sealed class PayloadGenerator
{
    private readonly ProfileShape _shape;
    private readonly ProfileShape _echoShape;

    /// <summary>Creates a generator of <paramref name="profile"/> payloads from <paramref name="seed"/>.</summary>
    public PayloadGenerator(PayloadProfile profile, int seed)
    {
        _shape = ProfileShapes.ForOrders(profile);
        _echoShape = ProfileShapes.ForEcho(profile);
        Profile = profile;
        Seed = seed;
    }

    /// <summary>The profile the payloads follow.</summary>
    public PayloadProfile Profile { get; }

    /// <summary>The seed all payloads derive from.</summary>
    public int Seed { get; }

    /// <summary>The reply of GetOrders(<paramref name="count"/>): orders of the profile's nominal shape.</summary>
    public Order[] GetOrders(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        return BuildOrders(count, _shape.NominalFillerLength);
    }

    /// <summary>Orders whose serialized array in <paramref name="encoding"/> is about <paramref name="approximateBytes"/> long.</summary>
    public Order[] CreateOrders(int approximateBytes, PayloadEncoding encoding)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(approximateBytes);
        var nominalOrderBytes = PayloadSerializer.Serialize(BuildOrders(1, _shape.NominalFillerLength), encoding).Length;
        var count = Math.Max(1, (int)Math.Round((double)approximateBytes / nominalOrderBytes));
        var fillerLength = FillerSizer.Solve(
            length => PayloadSerializer.Serialize(BuildOrders(count, length), encoding).Length,
            approximateBytes,
            _shape.NominalFillerLength);
        return BuildOrders(count, fillerLength);
    }

    /// <summary>One order whose serialized form in <paramref name="encoding"/> is about <paramref name="approximateBytes"/> long (its filler grown or cut).</summary>
    public Order CreateOrder(int approximateBytes, PayloadEncoding encoding)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(approximateBytes);
        var fillerLength = FillerSizer.Solve(
            length => PayloadSerializer.Serialize(BuildOrders(1, length), encoding).Length,
            approximateBytes,
            _shape.NominalFillerLength);
        return BuildOrders(1, fillerLength)[0];
    }

    /// <summary>An echo payload whose serialized form in <paramref name="encoding"/> is about <paramref name="approximateBytes"/> long.</summary>
    public EchoPayload CreateEcho(int approximateBytes, PayloadEncoding encoding)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(approximateBytes);
        var fillerLength = FillerSizer.Solve(
            length => PayloadSerializer.Serialize(BuildEcho(length), encoding).Length,
            approximateBytes,
            _echoShape.NominalFillerLength);
        return BuildEcho(fillerLength);
    }

    private Order[] BuildOrders(int count, int fillerLength)
    {
        var random = new Random(Seed);
        var orders = new Order[count];
        for (var i = 0; i < orders.Length; i++)
        {
            orders[i] = OrderFactory.Create(_shape, random.Next(), fillerLength);
        }

        return orders;
    }

    private EchoPayload BuildEcho(int fillerLength)
    {
        var filler = Filler.Create(_echoShape, new Random(Seed), fillerLength);
        return new EchoPayload { Text = filler.Text ?? "echo", Blob = filler.Bytes };
    }
}
