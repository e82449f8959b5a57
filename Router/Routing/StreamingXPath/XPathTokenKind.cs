namespace SoapRouter.Routing.StreamingXPath;

/// <summary>The kinds of XPath 1.0 tokens the streaming subset needs; everything else lexes as <see cref="Other"/>.</summary>
internal enum XPathTokenKind
{
    /// <summary>The end of the expression.</summary>
    End,

    /// <summary>A token outside the subset (<c>.</c>, <c>::</c>, <c>|</c>, <c>&lt;</c>, <c>$</c>, ...): the expression falls back.</summary>
    Other,

    /// <summary><c>/</c>.</summary>
    Slash,

    /// <summary><c>//</c>.</summary>
    DoubleSlash,

    /// <summary><c>[</c>.</summary>
    LeftBracket,

    /// <summary><c>]</c>.</summary>
    RightBracket,

    /// <summary><c>(</c>.</summary>
    LeftParen,

    /// <summary><c>)</c>.</summary>
    RightParen,

    /// <summary><c>@</c>.</summary>
    At,

    /// <summary><c>*</c> (a name test here, since the subset has no multiplication).</summary>
    Star,

    /// <summary><c>=</c>.</summary>
    EqualsSign,

    /// <summary><c>!=</c>.</summary>
    NotEquals,

    /// <summary><c>-</c> (only as the sign of a number literal).</summary>
    Minus,

    /// <summary>A string literal; <see cref="XPathToken.Value"/> is its text without quotes.</summary>
    Literal,

    /// <summary>A number literal; <see cref="XPathToken.Value"/> is its text.</summary>
    Number,

    /// <summary>A name (<c>p:local</c> or <c>local</c>): a name test, a function name or an operator name.</summary>
    Name,

    /// <summary><c>p:*</c>; <see cref="XPathToken.Prefix"/> is the prefix.</summary>
    PrefixStar,
}
