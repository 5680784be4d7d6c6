/// Writing JSON text by hand, for outputs whose key order is part of the format (JSON Lines, reports).
public enum JSONText {
    /// `string` as a JSON string literal, quotes included.
    public static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `value` rounded to `places` decimals, without trailing zeros; whole numbers without a fraction
    /// (finite values only; others become 0).
    public static func number(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        // Beyond Int's range a whole number is written as Swift spells it, with an exponent, which JSON accepts.
        if text.contains("e") { return abs(rounded) < 9e18 ? String(Int(rounded)) : text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
