import CardBotImaging

/// Everything that makes a set of cards unusable as a deck, found all at once: what `Deck` refuses (it reports
/// the first) and what `cardbot cards check` lists.
///
/// Code markers must not read the same turned and must differ from one another in at least
/// `Deck.requiredDistance` cells in every rotation. Pictures must not look alike: no picture may correlate with
/// another (in any rotation), or with itself turned, at `Deck.maximumPictureSimilarity` or more. In a deck that
/// mixes both, no picture may read as a code card's cells, and no code marker may look like a picture.
public struct DeckCheck: Sendable {
    /// One problem, naming the cards at fault.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem (`.duplicate`, `.badMarker` or `.ambiguous`).
        public var kind: DeckError.Kind
        /// The names of the cards concerned.
        public var cards: [String]
        /// What is wrong and what to do.
        public var reason: String

        public var description: String { reason }
    }

    /// How close one picture comes to the others.
    public struct PictureNeighbour: Sendable, Hashable {
        /// The picture card.
        public var card: String
        /// The most similar other picture card (nil when the deck has one picture).
        public var nearest: String?
        /// Their correlation (in the best rotation), from -1 to 1.
        public var correlation: Double
        /// The picture's correlation with itself turned (the best of a quarter, half and three-quarter turn).
        public var turnedCorrelation: Double
    }

    /// Every problem, in order: duplicates, grid sizes, code symmetry, close codes, pictures, mixed confusions.
    public let problems: [Problem]
    /// For each picture card, its most similar other picture.
    public let pictureNeighbours: [PictureNeighbour]
    /// The smallest distance in cells between two code markers (or a code marker and itself turned), if any.
    public let minimumCodeDistance: Int?

    /// Checks `cards`.
    public init(cards: [DeckCard]) {
        var problems: [Problem] = []
        var byMarker: [Int: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, card) in cards.enumerated() {
            if let other = byMarker[card.marker] {
                problems.append(
                    Problem(
                        kind: .duplicate, cards: [cards[other].name, card.name],
                        reason: "cards '\(cards[other].name)' and '\(card.name)' both use marker \(card.marker); give each card its own marker"))
            } else {
                byMarker[card.marker] = index
            }
            if let other = byName[card.name] {
                problems.append(
                    Problem(
                        kind: .duplicate, cards: [card.name],
                        reason: "markers \(cards[other].marker) and \(card.marker) are both named '\(card.name)'; names must be unique"))
            } else {
                byName[card.name] = index
            }
        }
        let coded = cards.filter { $0.code != nil }
        var minimumCode: Int?
        if let first = coded.first, let firstCode = first.code {
            for card in coded where card.code!.size != firstCode.size {
                let size = card.code!.size
                problems.append(
                    Problem(
                        kind: .badMarker, cards: [card.name, first.name],
                        reason: """
                            card '\(card.name)' (marker \(card.marker)) has a \(size)x\(size) grid but \
                            '\(first.name)' has \(firstCode.size)x\(firstCode.size); all markers of a deck must use one grid size
                            """))
            }
            let sameSize = coded.filter { $0.code!.size == firstCode.size }
            let (codeProblems, minimum) = Self.codeProblems(sameSize)
            problems += codeProblems
            minimumCode = minimum
        }
        let pictured = cards.filter { $0.picture != nil }
        let (pictureProblems, neighbours) = Self.pictureProblems(pictured)
        problems += pictureProblems
        if let size = coded.first?.code?.size, !pictured.isEmpty {
            let budget = minimumCode.map { Deck.errorBudget(minimumDistance: $0, gridSize: size) } ?? 0
            problems += Self.mixedProblems(codes: coded.filter { $0.code!.size == size }, pictures: pictured, budget: budget)
        }
        self.problems = problems
        self.pictureNeighbours = neighbours
        self.minimumCodeDistance = minimumCode
    }

    /// Symmetric codes and pairs of codes closer than `Deck.requiredDistance`, with the smallest distance.
    private static func codeProblems(_ cards: [DeckCard]) -> ([Problem], Int) {
        var problems: [Problem] = []
        var minimum = Int.max
        // Every code in its four rotations, once.
        var turned: [UInt64] = []
        turned.reserveCapacity(cards.count * 4)
        for card in cards {
            var code = card.code!
            for _ in 0..<4 {
                turned.append(code.bits)
                code = code.rotatedClockwise()
            }
        }
        for card in cards {
            let selfDistance = card.code!.rotationalDistance
            if selfDistance < Deck.requiredDistance {
                let what =
                    selfDistance == 0
                    ? "reads the same when turned" : "reads almost the same when turned (\(selfDistance) cells differ)"
                problems.append(
                    Problem(
                        kind: .ambiguous, cards: [card.name],
                        reason: """
                            card '\(card.name)' (marker \(card.marker)) \(what), so which way is up cannot be told; \
                            choose a marker that is not rotationally symmetric
                            """))
            }
            minimum = min(minimum, selfDistance)
        }
        turned.withUnsafeBufferPointer { turned in
            for i in cards.indices {
                let bits = turned[i * 4]
                for j in (i + 1)..<cards.count {
                    var distance = Int.max
                    var turns = 0
                    for k in 0..<4 {
                        let d = (bits ^ turned[j * 4 + k]).nonzeroBitCount
                        if d < distance {
                            distance = d
                            turns = k
                        }
                    }
                    if distance < Deck.requiredDistance {
                        let turnedText = turns == 0 ? "" : " when '\(cards[j].name)' is turned \(turns * 90) degrees"
                        problems.append(
                            Problem(
                                kind: .ambiguous, cards: [cards[i].name, cards[j].name],
                                reason: """
                                    cards '\(cards[i].name)' (marker \(cards[i].marker)) and '\(cards[j].name)' (marker \
                                    \(cards[j].marker)) differ in only \(distance) cell\(distance == 1 ? "" : "s")\(turnedText); \
                                    markers must differ in at least \(Deck.requiredDistance) cells in every rotation so that a \
                                    misread cell cannot turn one card into another
                                    """))
                    }
                    minimum = min(minimum, distance)
                }
            }
        }
        return (problems, minimum)
    }

    /// Pictures too like themselves turned or like one another, and each picture's nearest neighbour.
    private static func pictureProblems(_ cards: [DeckCard]) -> ([Problem], [PictureNeighbour]) {
        let limit = Deck.maximumPictureSimilarity
        var problems: [Problem] = []
        var neighbours = cards.map { card in
            PictureNeighbour(
                card: card.name, nearest: nil, correlation: -1, turnedCorrelation: card.picture!.rotationalSimilarity)
        }
        for (index, card) in cards.enumerated() where neighbours[index].turnedCorrelation >= limit {
            problems.append(
                Problem(
                    kind: .ambiguous, cards: [card.name],
                    reason: """
                        picture card '\(card.name)' (marker \(card.marker)) looks almost the same when turned \
                        (correlation \(format(neighbours[index].turnedCorrelation))), so which way is up cannot be told; \
                        draw something with a clear top, such as an arrow or a figure standing
                        """))
        }
        for i in cards.indices {
            for j in (i + 1)..<cards.count {
                let (value, turns) = cards[i].picture!.closestRotation(of: cards[j].picture!)
                if value > neighbours[i].correlation { (neighbours[i].nearest, neighbours[i].correlation) = (cards[j].name, value) }
                if value > neighbours[j].correlation { (neighbours[j].nearest, neighbours[j].correlation) = (cards[i].name, value) }
                if value >= limit {
                    let turnedText = turns == 0 ? "" : " when '\(cards[j].name)' is turned \(turns * 90) degrees"
                    problems.append(
                        Problem(
                            kind: .ambiguous, cards: [cards[i].name, cards[j].name],
                            reason: """
                                picture cards '\(cards[i].name)' (marker \(cards[i].marker)) and '\(cards[j].name)' \
                                (marker \(cards[j].marker)) look too alike\(turnedText) (correlation \(format(value)), \
                                at most \(format(limit)) can be told apart); make the pictures more different
                                """))
                }
            }
        }
        return (problems, neighbours)
    }

    /// In a mixed deck: pictures whose inside reads as a code card, codes that look like a picture.
    private static func mixedProblems(codes: [DeckCard], pictures: [DeckCard], budget: Int) -> [Problem] {
        var problems: [Problem] = []
        guard let size = codes.first?.code?.size else { return [] }
        let cell = 12
        for picture in pictures {
            let image = picture.picture!.markerImage(side: (size + 2) * cell)
            let bits = Self.cells(of: image, size: size)
            for code in codes {
                let (distance, _) = code.code!.closestRotation(of: MarkerCode(size: size, bits: bits))
                if distance <= budget + 2 {
                    problems.append(
                        Problem(
                            kind: .ambiguous, cards: [picture.name, code.name],
                            reason: """
                                picture card '\(picture.name)' (marker \(picture.marker)) reads almost like the cells \
                                of code card '\(code.name)' (marker \(code.marker)); change the picture or the code card
                                """))
                }
            }
            for code in codes {
                guard let asPicture = try? MarkerPicture(image: Self.inside(of: code.code!), file: code.name) else { continue }
                let (value, _) = picture.picture!.closestRotation(of: asPicture)
                if value >= Deck.maximumPictureSimilarity {
                    problems.append(
                        Problem(
                            kind: .ambiguous, cards: [picture.name, code.name],
                            reason: """
                                picture card '\(picture.name)' (marker \(picture.marker)) looks like code card \
                                '\(code.name)' (marker \(code.marker)) (correlation \(format(value))); change the picture
                                """))
                }
            }
        }
        return problems
    }

    /// The cells a detector reading a `size` grid would see in a whole marker image (threshold halfway).
    static func cells(of image: GrayImage, size: Int) -> UInt64 {
        let across = size + 2
        var means: [Double] = []
        for row in 1...size {
            for column in 1...size {
                let cx = (Double(column) + 0.5) / Double(across) * Double(image.width)
                let cy = (Double(row) + 0.5) / Double(across) * Double(image.height)
                let reach = max(1, Int(Double(image.width) / Double(across) * 0.25))
                var sum = 0, count = 0
                for y in max(0, Int(cy) - reach)...min(image.height - 1, Int(cy) + reach) {
                    for x in max(0, Int(cx) - reach)...min(image.width - 1, Int(cx) + reach) {
                        sum += Int(image[x, y])
                        count += 1
                    }
                }
                means.append(Double(sum) / Double(max(1, count)))
            }
        }
        let threshold = ((means.min() ?? 0) + (means.max() ?? 255)) / 2
        var bits: UInt64 = 0
        for (index, mean) in means.enumerated() where mean > threshold { bits |= 1 << UInt64(index) }
        return bits
    }

    /// What a picture matcher sees of a code marker: the inside of its border at the picture border's width.
    static func inside(of code: MarkerCode) -> GrayImage {
        let side = 96
        let marker = code.markerImage(cell: 1)
        let border = Int(Double(side) * MarkerPicture.borderFraction)
        let insideSide = side - 2 * border
        return GrayImage(width: insideSide, height: insideSide, unsafeUninitializedPixels: { out in
            for y in 0..<insideSide {
                for x in 0..<insideSide {
                    let u = (Double(x + border) + 0.5) / Double(side) * Double(marker.width)
                    let v = (Double(y + border) + 0.5) / Double(side) * Double(marker.height)
                    out[y * insideSide + x] = marker[min(marker.width - 1, Int(u)), min(marker.height - 1, Int(v))]
                }
            }
        })
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }
}
