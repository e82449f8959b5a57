using SoapRouter.Forwarding;

namespace SoapRouter.Tests.Forwarding;

public sealed class FailoverPolicyTests
{
    [Theory]
    [InlineData(nameof(ForwardError.ConnectionRefused), false, true)]
    [InlineData(nameof(ForwardError.ConnectTimeout), false, true)]
    [InlineData(nameof(ForwardError.ResetBeforeSend), false, true)]
    [InlineData(nameof(ForwardError.RequestTimeout), false, false)]
    [InlineData(nameof(ForwardError.RequestTimeout), true, true)]
    [InlineData(nameof(ForwardError.ResetAfterSend), false, false)]
    [InlineData(nameof(ForwardError.ResetAfterSend), true, true)]
    [InlineData(nameof(ForwardError.ResponseInvalid), false, false)]
    [InlineData(nameof(ForwardError.ResponseInvalid), true, true)]
    [InlineData(nameof(ForwardError.BackendError), false, false)]
    [InlineData(nameof(ForwardError.BackendError), true, true)]
    [InlineData(nameof(ForwardError.None), true, false)]
    [InlineData(nameof(ForwardError.BackendFault), true, false)]
    [InlineData(nameof(ForwardError.Cancelled), true, false)]
    [InlineData(nameof(ForwardError.Unexpected), true, false)]
    [InlineData(nameof(ForwardError.NoDestination), true, false)]
    public void CanTryNext_FollowsWhetherTheRequestMayHaveReachedTheBackend(string error, bool idempotent, bool expected) =>
        // The enum is internal, so the cases name it; xunit runs public methods only.
        Assert.Equal(expected, FailoverPolicy.CanTryNext(Enum.Parse<ForwardError>(error), idempotent));

    [Fact]
    public void CanTryNext_EveryErrorHasADecision()
    {
        // Guards new enum members: each must be placed in exactly one of the classes below.
        foreach (var error in Enum.GetValues<ForwardError>())
        {
            var cannot = FailoverPolicy.CannotHaveReachedBackend(error);
            var may = FailoverPolicy.MayHaveReachedBackend(error);
            Assert.False(cannot && may, error.ToString());
        }
    }
}
