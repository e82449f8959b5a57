using SoapRouter.Configuration;
using SoapRouter.Health;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Health;

/// <summary>The passive-health state machine on a fake clock: what ejects, how long, the trial and what readmits.</summary>
public sealed class OutlierDetectorTests
{
    private readonly FakeTimeProvider _time = new();

    [Fact]
    public void FailuresInARow_EjectAtTheConfiguredCount_ThoughTheWindowIsMostlySuccesses()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 3 }, _time);
        Judge(detector, OutlierVerdict.Ok, 50);

        Assert.Equal(OutlierTransition.None, Judge(detector, OutlierVerdict.Failed, 2));
        Assert.Equal(OutlierTransition.Ejected, Judge(detector, OutlierVerdict.Failed, 1, out var ejection));

        Assert.True(detector.IsEjectedNow);
        Assert.Equal(TimeSpan.FromSeconds(5), ejection.Duration);
        Assert.Equal("3 failed or slow attempts in a row", ejection.Reason);
    }

    [Fact]
    public void AnAnswerBetweenFailures_StartsTheRunAgain()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 3, MinimumThroughput = 1000 }, _time);
        for (var i = 0; i < 20; i++)
        {
            Judge(detector, OutlierVerdict.Failed, 2);
            Judge(detector, OutlierVerdict.Ok, 1);
        }

        Assert.False(detector.IsEjectedNow);
        Assert.Equal(0, detector.Ejections);
    }

    [Fact]
    public void FailureRatio_EjectsOnceTheWindowHoldsMinimumThroughputAttempts()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 0, MinimumThroughput = 10, FailureRatio = 0.5 }, _time);
        Judge(detector, OutlierVerdict.Ok, 5);

        Assert.Equal(OutlierTransition.None, Judge(detector, OutlierVerdict.Failed, 4));
        Assert.Equal(OutlierTransition.Ejected, Judge(detector, OutlierVerdict.Failed, 1, out var ejection));
        Assert.Equal("5 of 10 attempts in the last 10 s failed or were slow", ejection.Reason);
    }

    [Fact]
    public void FailureRatio_ForgetsAttemptsOlderThanTheWindow()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 0, MinimumThroughput = 6 }, _time);
        Judge(detector, OutlierVerdict.Failed, 5);
        _time.Advance(TimeSpan.FromSeconds(10));

        // Only the newest attempt is in the window: one of six is not enough to judge.
        Assert.Equal(OutlierTransition.None, Judge(detector, OutlierVerdict.Failed, 1));
        Assert.False(detector.IsEjectedNow);
    }

    [Fact]
    public void NotJudgedOutcomes_NeitherCountNorBreakARun()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 3 }, _time);
        Judge(detector, OutlierVerdict.Failed, 2);
        Judge(detector, OutlierVerdict.NotJudged, 10);

        Assert.Equal(OutlierTransition.Ejected, Judge(detector, OutlierVerdict.Failed, 1));
    }

    [Fact]
    public void EjectionRunsOut_OneTrialAtATime_AGoodTrialReadmitsWithACleanRecord()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 3 }, _time);
        Judge(detector, OutlierVerdict.Failed, 3);
        Assert.Equal(OutlierAdmission.Refused, detector.Admit());

        _time.Advance(TimeSpan.FromSeconds(5));
        Assert.False(detector.IsEjectedNow);
        Assert.Equal(OutlierAdmission.Trial, detector.Admit());
        Assert.Equal(OutlierAdmission.Refused, detector.Admit());
        Assert.Equal(OutlierTransition.Readmitted, detector.Record(OutlierAdmission.Trial, OutlierVerdict.Ok, TimeSpan.FromMilliseconds(5), out _));

        Assert.Equal(OutlierAdmission.Admitted, detector.Admit());
        Assert.Equal(OutlierTransition.None, Judge(detector, OutlierVerdict.Failed, 2));
        Assert.Equal(1, detector.Ejections);
    }

    [Fact]
    public void FailedTrials_EjectForTwiceAsLongEachTime_UpToTheMaximum()
    {
        var config = new OutlierDetectionConfig { ConsecutiveFailures = 1, BaseEjectionTime = TimeSpan.FromSeconds(5), MaxEjectionTime = TimeSpan.FromSeconds(15) };
        var detector = new OutlierDetector(config, _time);
        Judge(detector, OutlierVerdict.Failed, 1, out var first);
        var durations = new List<TimeSpan> { first.Duration };
        for (var i = 0; i < 3; i++)
        {
            _time.Advance(durations[^1]);
            Assert.Equal(OutlierAdmission.Trial, detector.Admit());
            Assert.Equal(OutlierTransition.Ejected, detector.Record(OutlierAdmission.Trial, OutlierVerdict.Failed, null, out var again));
            Assert.Equal("its trial attempt failed", again.Reason);
            durations.Add(again.Duration);
        }

        Assert.Equal(new double[] { 5, 10, 15, 15 }, durations.Select(duration => duration.TotalSeconds).ToArray());
        Assert.Equal(4, detector.Ejections);
    }

    [Fact]
    public void TrialThatSaysNothing_TheNextAttemptIsTheTrial()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 1 }, _time);
        Judge(detector, OutlierVerdict.Failed, 1);
        _time.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal(OutlierAdmission.Trial, detector.Admit());

        Assert.Equal(OutlierTransition.None, detector.Record(OutlierAdmission.Trial, OutlierVerdict.NotJudged, null, out _));

        Assert.Equal(OutlierAdmission.Trial, detector.Admit());
    }

    [Fact]
    public void Readmit_EndsTheEjectionAtOnce_AndATrialStillOutChangesNothingAfter()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { ConsecutiveFailures = 1 }, _time);
        Judge(detector, OutlierVerdict.Failed, 1);
        _time.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal(OutlierAdmission.Trial, detector.Admit());

        Assert.True(detector.Readmit());
        Assert.False(detector.Readmit());
        Assert.Equal(OutlierTransition.None, detector.Record(OutlierAdmission.Trial, OutlierVerdict.Failed, null, out _));
        Assert.Equal(OutlierAdmission.Admitted, detector.Admit());
        Assert.Equal(0, detector.EjectedUntilTicks);
    }

    [Fact]
    public void MeanAnswerTime_OnlyOnceTheWindowHoldsMinimumThroughputAnswers()
    {
        var detector = new OutlierDetector(new OutlierDetectionConfig { MinimumThroughput = 3 }, _time);
        detector.Record(OutlierAdmission.Admitted, OutlierVerdict.Ok, TimeSpan.FromMilliseconds(10), out _);
        detector.Record(OutlierAdmission.Admitted, OutlierVerdict.Ok, TimeSpan.FromMilliseconds(20), out _);
        Assert.Null(detector.MeanAnswerTicks);

        // A failure without an answer adds no answer time.
        detector.Record(OutlierAdmission.Admitted, OutlierVerdict.Failed, null, out _);
        Assert.Null(detector.MeanAnswerTicks);
        detector.Record(OutlierAdmission.Admitted, OutlierVerdict.Failed, TimeSpan.FromMilliseconds(90), out _);

        Assert.Equal((double)TimeSpan.FromMilliseconds(40).Ticks, detector.MeanAnswerTicks!.Value);
    }

    private static OutlierTransition Judge(OutlierDetector detector, OutlierVerdict verdict, int times) => Judge(detector, verdict, times, out _);

    private static OutlierTransition Judge(OutlierDetector detector, OutlierVerdict verdict, int times, out OutlierEjection ejection)
    {
        var last = OutlierTransition.None;
        ejection = default;
        for (var i = 0; i < times; i++)
        {
            Assert.Equal(OutlierAdmission.Admitted, detector.Admit());
            var answer = verdict == OutlierVerdict.Failed ? (TimeSpan?)null : TimeSpan.FromMilliseconds(1);
            last = detector.Record(OutlierAdmission.Admitted, verdict, answer, out ejection);
        }

        return last;
    }
}
