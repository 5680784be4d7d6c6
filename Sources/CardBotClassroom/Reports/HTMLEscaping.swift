import Mustache

/// Escaping for the HTML report, scalar by scalar: `<`, `>`, `&`, `"` and `'` become entities, and
/// characters that XML forbids (control characters other than tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD.
///
/// Mustache's own HTML escaping goes character by character, so a quote followed by a combining mark
/// (one `Character`) would slip through; this one cannot be fooled that way, and it keeps the page
/// well-formed XML whatever a student's name holds.
public struct HTMLEscaping: MustacheContentType {
    /// The name the template's `{{% CONTENT_TYPE: ...}}` pragma uses.
    public static let name = "CARDBOT_XHTML"

    /// Registers this escaping with Mustache once.
    public static let registered: Void = {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }()

    public func escapeText(_ text: String) -> String { Self.escape(text) }

    /// `text` escaped for HTML text and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
