namespace SoapRouter.Health;

/// <summary>Whether passive health lets an attempt go to a destination, and how its outcome will be judged.</summary>
internal enum OutlierAdmission
{
    /// <summary>The destination is in: the attempt goes and its outcome is judged.</summary>
    Admitted,

    /// <summary>The destination's ejection has run out and this attempt is its one trial: its outcome readmits or ejects again.</summary>
    Trial,

    /// <summary>Ejected, or its trial is already out: nothing is sent.</summary>
    Refused,

    /// <summary>Sent past the detector (too many of the cluster's destinations are out): the outcome is not judged.</summary>
    Bypassed,
}
