import CardBotVision

extension SessionRun.Attempt {
    /// What each card of the program rests on, in program order: the card read in the attempt's frame that is
    /// this card (matched in reading order), or nil when that frame does not show it (the tracker took it from the
    /// frames around, or a hand hid it there). For a corrected attempt, the cards CardBot read, in their order.
    public var evidence: [Detection?] {
        var found: [Detection?] = []
        found.reserveCapacity(markers.count)
        var next = cards.startIndex
        // A corrected attempt's evidence is what was read, not the teacher's program.
        for marker in correction?.readMarkers ?? markers {
            if let index = cards[next...].firstIndex(where: { $0.marker == marker }) {
                found.append(cards[index])
                next = index + 1
            } else {
                found.append(nil)
            }
        }
        return found
    }
}

extension Detection {
    /// The confidence below which a reading is marked unsure in reports: under it some cells read grey rather than
    /// black or white (a blurred, glared or half-covered card).
    public static let sureConfidence = 0.75

    /// Whether a teacher should look at this reading: cells were corrected, or the confidence is below
    /// ``sureConfidence``.
    public var isUnsure: Bool { Self.isUnsure(confidence: confidence, correctedCells: correctedCells) }

    /// Whether a reading of `confidence` with `correctedCells` corrected is unsure (see ``isUnsure``).
    public static func isUnsure(confidence: Double, correctedCells: Int) -> Bool {
        correctedCells > 0 || confidence < sureConfidence
    }
}
