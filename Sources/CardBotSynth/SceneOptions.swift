import CardBotSupport

/// What the scene generator should make: image size, how many cards in how many rows, and how hard.
public struct SceneOptions: Sendable, Hashable {
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// Number of rows (1...3), or nil for a random number (1 or 2, sometimes 3).
    public var rows: Int?
    /// Number of cards in all rows together, or nil for a random number (3...8).
    public var cards: Int?
    /// Marker ids row by row, to lay out an exact program; when set, `rows` and `cards` are ignored.
    public var program: [[Int]]?
    /// How hard the frames are.
    public var difficulty: SynthDifficulty
    /// Always frame the whole layout (moving the camera back as far as the smallest marker size allows),
    /// as a session's steady camera would; by default some frames crop cards at the edges.
    public var keepAllInView: Bool

    /// The largest number of cards the generator lays out.
    public static let maximumCards = 40
    /// The largest number of rows.
    public static let maximumRows = 6

    /// Creates options.
    public init(width: Int = 1280, height: Int = 720, rows: Int? = nil, cards: Int? = nil, program: [[Int]]? = nil,
                difficulty: SynthDifficulty = .easy, keepAllInView: Bool = false) {
        self.width = width
        self.height = height
        self.rows = rows
        self.cards = cards
        self.program = program
        self.difficulty = difficulty
        self.keepAllInView = keepAllInView
    }

    /// Checks the options against the faces available.
    /// - Throws: `SynthError` naming the option that is out of range.
    public func validate(faces: [CardFace]) throws {
        guard width >= 64, height >= 64, width <= 4096, height <= 4096 else {
            throw SynthError("--size", Messages.text("%1$sx%2$s is out of range: use 64x64 up to 4096x4096 pixels", width, height))
        }
        guard !faces.isEmpty else { throw SynthError("deck", Messages.text("there are no card faces to lay out")) }
        if let rows, !(1...Self.maximumRows).contains(rows) {
            throw SynthError("--rows", Messages.text("%1$s is out of range: use 1 to %2$s rows", rows, Self.maximumRows))
        }
        if let cards, !(1...Self.maximumCards).contains(cards) {
            throw SynthError("--cards", Messages.text("%1$s is out of range: use 1 to %2$s cards", cards, Self.maximumCards))
        }
        if let rows, let cards, cards < rows {
            throw SynthError("--cards", Messages.text("%1$s cards cannot fill %2$s rows: use at least one card per row", cards, rows))
        }
        if let program {
            let ids = Set(faces.map(\.id))
            guard !program.isEmpty, program.allSatisfy({ !$0.isEmpty }), program.count <= Self.maximumRows,
                program.joined().count <= Self.maximumCards
            else {
                throw SynthError(
                    "program", Messages.text("lay out 1 to %1$s non-empty rows and at most %2$s cards", Self.maximumRows, Self.maximumCards))
            }
            if let missing = program.joined().first(where: { !ids.contains($0) }) {
                throw SynthError("program", Messages.text("marker %s is not in the deck", missing))
            }
        }
    }
}
