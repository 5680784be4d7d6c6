extension FrameReading {
    /// The reading as one line of JSON (no trailing newline), keys in a fixed order:
    /// `file`, `width`, `height`, `cards` (each `marker`, `name`, `corners`, `row`, `confidence`, in reading
    /// order), `markers`, `sequence`, `ms`. Corners are `[x, y]` pairs in the marker's upright order
    /// (top-left, top-right, bottom-right, bottom-left), with pixel (x, y)'s centre at (x, y).
    public var jsonLine: String {
        var out = "{\"file\":\(JSONText.string(file)),\"width\":\(width),\"height\":\(height),\"cards\":["
        var first = true
        for (rowIndex, row) in rows.enumerated() {
            for card in row {
                if !first { out += "," }
                first = false
                out += "{\"marker\":\(card.marker),\"name\":\(JSONText.string(card.name)),\"corners\":["
                out += card.corners.map { "[\(JSONText.number($0.x, places: 3)),\(JSONText.number($0.y, places: 3))]" }
                    .joined(separator: ",")
                out += "],\"row\":\(rowIndex),\"confidence\":\(JSONText.number(card.confidence, places: 3))}"
            }
        }
        out += "],\"markers\":[\(markers.map(String.init).joined(separator: ","))]"
        out += ",\"sequence\":[\(sequence.map(JSONText.string).joined(separator: ","))]"
        out += ",\"ms\":\(JSONText.number(milliseconds, places: 3))}"
        return out
    }

    /// The JSON line reporting that `file` could not be read: `{"file": ..., "error": ...}`.
    public static func errorJSONLine(file: String, reason: String) -> String {
        "{\"file\":\(JSONText.string(file)),\"error\":\(JSONText.string(reason))}"
    }
}

/// Tiny JSON writers for hand-built lines with a fixed key order.
enum JSONText {
    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
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

    /// `value` rounded to `places` decimals, without trailing zeros (finite values only; others become 0).
    static func number(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return String(Int(rounded)) }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
