namespace SoapRouter.Forwarding.Rewriting;

/// <summary>A namespace declaration in scope while walking an msbin1 envelope's headers.</summary>
/// <param name="Prefix">The prefix declared.</param>
/// <param name="Namespace">The namespace it stands for.</param>
/// <param name="Depth">The element depth that declared it (1 = Envelope).</param>
internal readonly record struct Msbin1Declaration(Msbin1Prefix Prefix, Msbin1Name Namespace, int Depth);
