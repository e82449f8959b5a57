namespace SoapRouter.Listening.Connections;

/// <summary>The process's file descriptors and the listeners' reserve at one moment (/stats "fileDescriptors").</summary>
/// <param name="Limit">The soft open-file limit; null where descriptors are not counted (not Linux, or reserve 0).</param>
/// <param name="Open">Descriptors open, estimated as the listeners count them.</param>
/// <param name="Free">Limit minus open.</param>
/// <param name="Reserve">limits.fileDescriptorReserve: what the listeners never take (their waits are counted per
/// listener endpoint, <c>reservePauses</c>).</param>
internal sealed record FileDescriptorsSnapshot(long? Limit, int? Open, long? Free, int Reserve);
