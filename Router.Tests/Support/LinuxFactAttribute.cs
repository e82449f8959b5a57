namespace SoapRouter.Tests.Support;

/// <summary>A fact that runs on Linux only (it checks behaviour of the Linux TCP stack); skipped elsewhere.</summary>
public sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "Linux only.";
        }
    }
}
