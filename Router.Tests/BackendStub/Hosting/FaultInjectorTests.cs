using BackendStub.Hosting;

namespace SoapRouter.Tests.BackendStub.Hosting;

public sealed class FaultInjectorTests
{
    [Fact]
    public void FaultEvery3_FaultsExactlyRequests3_6_9()
    {
        var injector = new FaultInjector(faultRate: 0, faultEvery: 3, seed: 1);

        var faulted = Enumerable.Range(0, 10).Select(_ => injector.Next()).Where(d => d.IsFault).Select(d => d.RequestNumber);

        Assert.Equal([3L, 6L, 9L], faulted);
        Assert.Equal(10, injector.RequestCount);
    }

    [Fact]
    public void FaultRate_SameSeed_IsReproducible_OtherSeedDiffers()
    {
        static bool[] Draw(int seed)
        {
            var injector = new FaultInjector(faultRate: 0.3, faultEvery: 0, seed);
            return Enumerable.Range(0, 1000).Select(_ => injector.Next().IsFault).ToArray();
        }

        Assert.Equal(Draw(17), Draw(17));
        Assert.NotEqual(Draw(17), Draw(18));
    }

    [Theory]
    [InlineData(0.01)]
    [InlineData(0.1)]
    [InlineData(0.5)]
    public void FaultRate_Over10kDraws_IsRoughlyTheRate(double rate)
    {
        var injector = new FaultInjector(rate, faultEvery: 0, seed: 99);

        var faults = Enumerable.Range(0, 10_000).Count(_ => injector.Next().IsFault);

        // Four standard deviations of a binomial: a correct injector fails this about once in 15,000 seeds.
        var tolerance = 4 * Math.Sqrt(10_000 * rate * (1 - rate));
        Assert.InRange(faults, (10_000 * rate) - tolerance, (10_000 * rate) + tolerance);
    }

    [Fact]
    public void FaultRate_ZeroAndOne_AreNeverAndAlways()
    {
        var never = new FaultInjector(0, 0, seed: 5);
        var always = new FaultInjector(1, 0, seed: 5);

        Assert.DoesNotContain(Enumerable.Range(0, 1000), _ => never.Next().IsFault);
        Assert.All(Enumerable.Range(0, 1000), _ => Assert.True(always.Next().IsFault));
    }

    [Fact]
    public async Task Next_FromManyThreads_DecidesEachRequestNumberOnceAndAsSequentially()
    {
        var sequential = new FaultInjector(0.2, faultEvery: 5, seed: 3);
        var expected = Enumerable.Range(0, 8000).Select(_ => sequential.Next()).ToDictionary(d => d.RequestNumber, d => d.IsFault);
        var concurrent = new FaultInjector(0.2, faultEvery: 5, seed: 3);

        var batches = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(
            () => Enumerable.Range(0, 1000).Select(_ => concurrent.Next()).ToArray())));

        var decisions = batches.SelectMany(b => b).ToArray();
        Assert.Equal(8000, decisions.Select(d => d.RequestNumber).Distinct().Count());
        Assert.All(decisions, d => Assert.Equal(expected[d.RequestNumber], d.IsFault));
    }

    [Fact]
    public void FromOptions_UsesRateEveryAndSeed()
    {
        var injector = FaultInjector.FromOptions(new StubOptions { FaultEvery = 2 });

        Assert.Equal([false, true, false, true], Enumerable.Range(0, 4).Select(_ => injector.Next().IsFault));
    }

    [Theory]
    [InlineData(-0.1, 0)]
    [InlineData(1.1, 0)]
    [InlineData(double.NaN, 0)]
    [InlineData(0, -1)]
    public void Constructor_BadSettings_Throw(double rate, int every) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new FaultInjector(rate, every, seed: 1));
}
