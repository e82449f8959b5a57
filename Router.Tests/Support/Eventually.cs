namespace SoapRouter.Tests.Support;

/// <summary>Waits for something another process or thread does, without assuming how long it takes (up to a bound).</summary>
internal static class Eventually
{
    private static readonly TimeSpan DefaultWithin = TimeSpan.FromSeconds(10);

    /// <summary>Polls <paramref name="condition"/> until it holds; fails with <paramref name="because"/> if it does not within the bound.</summary>
    public static async Task TrueAsync(Func<Task<bool>> condition, string because, TimeSpan? within = null)
    {
        var deadline = DateTime.UtcNow + (within ?? DefaultWithin);
        while (!await condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                Assert.Fail(because);
            }

            await Task.Delay(20);
        }
    }

    /// <summary>As <see cref="TrueAsync"/>, with <typeparamref name="TException"/> from <paramref name="condition"/> counting as not yet.</summary>
    public static Task TrueUnlessThrowsAsync<TException>(Func<Task<bool>> condition, string because)
        where TException : Exception =>
        TrueAsync(
            async () =>
            {
                try
                {
                    return await condition();
                }
                catch (TException)
                {
                    return false;
                }
            },
            because);
}
