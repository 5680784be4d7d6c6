import CardBotTracking
import CardBotVision

/// How one card of an attempt's program was read in the attempt's frame: its marker, how sure the reading is and
/// how many cells were corrected. The class report marks unsure readings; the gradebook keeps them.
public struct CardReading: Sendable, Equatable {
    /// The marker id read.
    public var marker: Int
    /// How sure the reading is, from 0 to 1 (1: every cell clearly black or white).
    public var confidence: Double
    /// Cells read wrong and corrected by the deck's error budget.
    public var correctedCells: Int

    /// Creates a reading.
    public init(marker: Int, confidence: Double, correctedCells: Int) {
        self.marker = marker
        self.confidence = confidence
        self.correctedCells = correctedCells
    }

    /// The reading of `detection`.
    public init(_ detection: Detection) {
        self.init(marker: detection.marker, confidence: detection.confidence, correctedCells: detection.correctedCells)
    }

    /// Whether a teacher should look at the card: as ``Detection/isUnsure`` says.
    public var isUnsure: Bool { Detection.isUnsure(confidence: confidence, correctedCells: correctedCells) }
}
