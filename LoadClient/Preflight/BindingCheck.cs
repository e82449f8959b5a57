using System.ServiceModel;
using LoadClient.Driving;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace LoadClient.Preflight;

/// <summary>
/// Judges the first warm-up reply: a target that refuses the request's content type (415), or answers in another
/// encoding than the one sent, is speaking another binding, and the run would only count errors.
/// </summary>
internal static class BindingCheck
{
    /// <summary>Raw mode: null when <paramref name="first"/> looks like <paramref name="binding"/>'s reply; else one line saying why not.</summary>
    public static string? Raw(SendResult first, WireBinding binding, string requestContentType)
    {
        ArgumentNullException.ThrowIfNull(binding);
        if (first.StatusCode == 415)
        {
            return $"the target answered 415 Unsupported Media Type to a {binding.Name} request ('{requestContentType}'): " +
                "the binding probably does not match the endpoint; check --binding.";
        }

        // Only replies that carry an envelope say which encoding the target speaks; 404s, 202s and the like do not.
        var envelopeStatus = first.StatusCode is (>= 200 and < 300) or 400 or 500;
        if (envelopeStatus && first.BytesReceived > 0 && first.ContentType is { } replyType
            && !SoapMediaTypes.MediaType(replyType).Equals(SoapMediaTypes.MediaType(requestContentType), StringComparison.OrdinalIgnoreCase))
        {
            return $"the target answered {first.StatusCode} with Content-Type '{replyType}' to a {binding.Name} request ('{requestContentType}'): " +
                "the binding probably does not match the endpoint; check --binding.";
        }

        return null;
    }

    /// <summary>WCF mode: null unless <paramref name="first"/> failed the way a binding mismatch fails (a ProtocolException: 415, wrong reply content type).</summary>
    public static string? Wcf(SendResult first, WireBinding binding)
    {
        ArgumentNullException.ThrowIfNull(binding);
        if (first.ErrorType is { } type && type.StartsWith(nameof(ProtocolException), StringComparison.Ordinal))
        {
            // One line: WCF's messages can span several.
            var detail = string.Join(' ', (first.Detail ?? "").Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
            return $"the first {binding.Name} call failed with {type} ({detail}): the binding probably does not match the endpoint; check --binding.";
        }

        return null;
    }
}
