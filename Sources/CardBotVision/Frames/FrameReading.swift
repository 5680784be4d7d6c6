/// What one frame showed: its size, the cards in rows in reading order, and how long reading took.
public struct FrameReading: Sendable {
    /// The frame's path as given.
    public var file: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The cards, rows top to bottom, each row left to right.
    public var rows: [[Detection]]
    /// Milliseconds spent decoding the file and detecting and ordering the cards.
    public var milliseconds: Double
    /// The part of `milliseconds` spent reading and decoding the file; nil for a frame that was already in memory.
    public var decodeMilliseconds: Double?
    /// What the decoder noticed without failing (for example corrupt data it skipped), and a detection cut short by
    /// its budget: the reading may be partial.
    public var warnings: [String] = []
    /// Smeared shapes left unread because the frame's budget for the matching of smeared markers or for its corner
    /// searches ran out (`DetectorOptions.smearMatchingBudget`, `.cornerSearchBudget`); 0 on almost every frame.
    public var skippedSearches = 0

    /// Creates a reading.
    public init(file: String, width: Int, height: Int, rows: [[Detection]], milliseconds: Double) {
        self.file = file
        self.width = width
        self.height = height
        self.rows = rows
        self.milliseconds = milliseconds
    }

    /// The cards in reading order.
    public var cards: [Detection] { rows.flatMap { $0 } }
    /// The marker ids in reading order.
    public var markers: [Int] { cards.map(\.marker) }
    /// The card names in reading order: the program as laid out.
    public var sequence: [String] { cards.map(\.name) }
}
