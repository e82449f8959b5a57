namespace SoapRouter.Pipeline;

/// <summary>
/// What the pipeline made of one message: the client's answer (null when the client went away), which the caller writes
/// and disposes, and how the message ended, recorded already.
/// </summary>
internal readonly record struct PipelineResult(ClientAnswer? Answer, MessageOutcome Outcome);
