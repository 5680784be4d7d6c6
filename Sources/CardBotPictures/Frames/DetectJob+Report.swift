import CardBotImaging
import CardBotSupport
import CardBotVision

extension DetectJob {
    /// What `detect` says about one frame: its line for standard output, its lines for standard error, and whether
    /// the frame failed (it could not be read, or its annotated picture could not be written).
    public struct Report: Sendable {
        /// The frame's cards (or, as JSON, why it could not be read); nil when there is nothing for standard output.
        public var output: String?
        /// Its error and warning lines, in the compiler's shape.
        public var errors: [String]
        /// True when the frame could not be read or its picture not written.
        public var failed: Bool
    }

    /// Reads the frame at `path` (writing its annotated picture when asked) and says what `detect` prints for it:
    /// its cards in reading order, or one JSON object with `json`.
    public mutating func report(_ path: String, json: Bool) -> Report {
        switch read(path) {
        case .unreadable(let error):
            return Report(
                output: json ? FrameReading.errorJSONLine(file: path, reason: error.reason) : nil,
                errors: [error.problems[0].line], failed: true)
        case .read(let reading, let annotation):
            let warnings = reading.warnings.map {
                "cardbot: warning: \(path): " + Messages.text("%s (the frame was read, but may be incomplete)", $0)
            }
            return Report(
                output: json ? reading.jsonLine : "\(TerminalText.visible(path)): \(Self.describe(reading))",
                errors: warnings + (annotation.map { [$0.problems[0].line] } ?? []), failed: annotation != nil)
        }
    }
}
