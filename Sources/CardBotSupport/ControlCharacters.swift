/// The control characters a text for people (a title, a description, a hint) may not hold.
///
/// They are the C0 controls other than tab, line feed and carriage return, DEL and the C1 controls. None has a
/// letter to print: Pango would end the text at a NUL and draw a box for the others, and a terminal would obey them.
public enum ControlCharacters {
    /// Whether `scalar` is a control character a text for people may not hold.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// The first forbidden control character in `text` and the place of the character holding it (from 1, in
    /// characters as people count them), or nil when there is none.
    public static func first(in text: String) -> (scalar: Unicode.Scalar, character: Int)? {
        guard text.unicodeScalars.contains(where: isForbidden) else { return nil }
        for (index, character) in text.enumerated() {
            if let scalar = character.unicodeScalars.first(where: isForbidden) { return (scalar, index + 1) }
        }
        return nil
    }

    /// Why a text named `field` is refused, when it holds a forbidden control character: "'hint' holds the control
    /// character U+0000 (character 7); delete it: a text may hold tabs and line breaks, no other control characters".
    public static func problem(in text: String, field: String) -> String? {
        said(in: text, field: field)?.english
    }

    /// ``problem(in:field:)`` as a message, told in the reader's language where it is printed.
    public static func said(in text: String, field: String) -> MessageText? {
        guard let found = first(in: text) else { return nil }
        return Messages.later(
            "%1$s holds the control character %2$s (character %3$s); delete it: a text may hold tabs and line breaks, no other control characters",
            .plain(field), .plain(code(found.scalar)), .number(found.character))
    }

    /// Why an id or a one-line name in the field `field` is refused when it holds a control character of any kind
    /// (a tab and a line break too): "'classId' holds the control character U+001B at character 4; delete it: an id
    /// or a name is one line of text, with no control characters".
    public static func saidInLine(_ text: String, field: String) -> MessageText? {
        let isControl: (Unicode.Scalar) -> Bool = { $0.properties.generalCategory == .control }
        guard text.unicodeScalars.contains(where: isControl) else { return nil }
        for (index, character) in text.enumerated() {
            guard let scalar = character.unicodeScalars.first(where: isControl) else { continue }
            let name: MessageText.Value = switch scalar {
            case "\t": .said(Messages.later("%s (a tab)", .plain(code(scalar))))
            case "\n", "\r": .said(Messages.later("%s (a line break)", .plain(code(scalar))))
            default: .plain(code(scalar))
            }
            return Messages.later(
                "'%1$s' holds the control character %2$s at character %3$s; delete it: an id or a name is one line of text, with no control characters",
                .plain(field), name, .number(index + 1))
        }
        return nil
    }

    /// `text` with every forbidden control character replaced by U+FFFD (the replacement character), for display:
    /// the rest of the text stays as it is.
    public static func replaced(in text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    /// `U+0000`-style code of `scalar`.
    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
