/// Which way a paragraph of text runs, told from its first letter with a strong direction (as the Unicode
/// bidirectional algorithm and Pango's automatic direction do).
public enum TextDirection {
    /// Whether `text`'s first strongly directional letter belongs to a right-to-left script (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and their presentation forms).
    public static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
                || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
            {
                return true
            }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }
}
