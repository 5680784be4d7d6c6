/// Text from files (names, titles, paths) made safe to print on a terminal.
public enum TerminalText {
    /// `text` with every control character made visible, so that a name cannot move the cursor, clear the
    /// screen, retitle the window or reorder the line: C0 and C1 controls, DEL and the bidirectional controls
    /// print as `\u001B`-style escapes (valid inside a JSON string too), and bytes of a file name that are not
    /// UTF-8 (see ``PathName``) as `\xFF`. A backslash is kept as it is.
    public static func visible(_ text: String) -> String {
        escaped(text, bytes: true, colors: false)
    }

    /// Like ``visible(_:)`` for whole lines of output that may hold colour codes of their own: a well-formed
    /// colour sequence (`ESC [ digits ; m`) is kept, every other control character made visible, and the bytes
    /// of non-UTF-8 file names are left for the text's own encoder (they are already escaped where printed).
    public static func controlsVisible(_ text: String, keepingColors: Bool) -> String {
        escaped(text, bytes: false, colors: keepingColors)
    }

    /// `text` made visible and cut to at most `width` characters, the last of them `…` when it was cut.
    public static func truncated(_ text: String, width: Int) -> String {
        let shown = visible(text)
        guard shown.count > width, width > 0 else { return shown }
        return String(shown.prefix(width - 1)) + "…"
    }

    private static func escaped(_ text: String, bytes: Bool, colors: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || (bytes && PathName.rawByte($0) != nil) }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if colors, scalar == "\u{1B}", let end = colorSequenceEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if bytes, let byte = PathName.rawByte(scalar) {
                let digits = String(byte, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\x" + digits).unicodeScalars)
            } else if isControl(scalar) {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// The index of the `m` ending a colour sequence `ESC [ digits ; ... m` starting at `start`, or nil.
    private static func colorSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 20 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
