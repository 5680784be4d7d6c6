import Foundation

/// A length on paper or on the table, read from text such as `60mm`, `6cm`, `2.5in` or `60` (millimetres).
public struct Length: Sendable, Hashable, CustomStringConvertible {
    /// The length in millimetres.
    public var millimetres: Double
    /// The text it was read from, as the user wrote it (for messages).
    public var text: String

    /// Creates a length of `millimetres`.
    public init(millimetres: Double) {
        self.millimetres = millimetres
        self.text = Self.format(millimetres) + "mm"
    }

    /// Reads `text`: a number with `mm`, `cm` or `in` (any case, spaces allowed), or a bare number of millimetres.
    public init?(_ text: String) {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        for (suffix, factor) in [("mm", 1.0), ("cm", 10.0), ("in", 25.4), ("", 1.0)] where lower.hasSuffix(suffix) {
            if let value = Double(String(lower.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)), value.isFinite {
                self.millimetres = value * factor
                self.text = text
                return
            }
        }
        return nil
    }

    public var description: String { text }

    /// Millimetres as printed in messages: whole numbers without a decimal point, else one decimal (`82.5`).
    public static func format(_ millimetres: Double) -> String {
        millimetres == millimetres.rounded() ? String(Int(millimetres)) : String(format: "%.1f", millimetres)
    }
}
