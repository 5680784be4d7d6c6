import CardBotSupport

extension FrameReading {
    /// The reading as one line of JSON (no trailing newline), keys in a fixed order:
    /// `file`, `width`, `height`, `cards` (each `marker`, `name`, `corners`, `row`, `confidence`, in reading
    /// order), `markers`, `sequence`, `searchesSkipped` (only when the budgets of the smear matching left smeared
    /// shapes unread), `decodeMs` (only for a frame read from a file: the part of `ms` spent reading and decoding
    /// it), `ms`. Corners are `[x, y]` pairs in the marker's upright order
    /// (top-left, top-right, bottom-right, bottom-left), with pixel (x, y)'s centre at (x, y).
    public var jsonLine: String {
        var out = "{\"file\":\(JSONText.quote(file)),\"width\":\(width),\"height\":\(height),\"cards\":["
        var first = true
        for (rowIndex, row) in rows.enumerated() {
            for card in row {
                if !first { out += "," }
                first = false
                out += "{\"marker\":\(card.marker),\"name\":\(JSONText.quote(card.name)),\"corners\":["
                out += card.corners.map { "[\(JSONText.number($0.x, places: 3)),\(JSONText.number($0.y, places: 3))]" }
                    .joined(separator: ",")
                out += "],\"row\":\(rowIndex),\"confidence\":\(JSONText.number(card.confidence, places: 3))}"
            }
        }
        out += "],\"markers\":[\(markers.map(String.init).joined(separator: ","))]"
        out += ",\"sequence\":[\(sequence.map(JSONText.quote).joined(separator: ","))]"
        if skippedSearches > 0 { out += ",\"searchesSkipped\":\(skippedSearches)" }
        if let decodeMilliseconds { out += ",\"decodeMs\":\(JSONText.number(decodeMilliseconds, places: 3))" }
        out += ",\"ms\":\(JSONText.number(milliseconds, places: 3))}"
        return out
    }

    /// The JSON line reporting that `file` could not be read: `{"file": ..., "error": ...}`.
    public static func errorJSONLine(file: String, reason: String) -> String {
        "{\"file\":\(JSONText.quote(file)),\"error\":\(JSONText.quote(reason))}"
    }
}
