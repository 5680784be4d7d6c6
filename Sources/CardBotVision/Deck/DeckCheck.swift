import CardBotImaging
import CardBotSupport

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
        /// What is wrong and what to do, kept to be told in the reader's language.
        public var said: MessageText

        /// What is wrong and what to do, in English.
        public var reason: String { said.english }

        /// What is wrong and what to do, in the reader's language.
        public var description: String { said.localized }
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
                        said: Messages.later(
                            "cards '%1$s' and '%2$s' both use marker %3$s; give each card its own marker", .plain(cards[other].name),
                            .plain(card.name), .number(card.marker))))
            } else {
                byMarker[card.marker] = index
            }
            if let other = byName[card.name] {
                problems.append(
                    Problem(
                        kind: .duplicate, cards: [card.name],
                        said: Messages.later(
                            "markers %1$s and %2$s are both named '%3$s'; names must be unique", .number(cards[other].marker),
                            .number(card.marker), .plain(card.name))))
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
                        said: Messages.later(
                            "card '%1$s' (marker %2$s) has a %3$sx%3$s grid but '%4$s' has %5$sx%5$s; all markers of a deck must use one grid size",
                            .plain(card.name), .number(card.marker), .number(size), .plain(first.name), .number(firstCode.size))))
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
                let said =
                    selfDistance == 0
                    ? Messages.later(
                        "card '%1$s' (marker %2$s) reads the same when turned, so which way is up cannot be told; choose a marker that is not rotationally symmetric",
                        .plain(card.name), .number(card.marker))
                    : Messages.later(
                        "card '%1$s' (marker %2$s) reads almost the same when turned (%3$s cells differ), so which way is up cannot be told; choose a marker that is not rotationally symmetric",
                        .plain(card.name), .number(card.marker), .number(selfDistance))
                problems.append(Problem(kind: .ambiguous, cards: [card.name], said: said))
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
                        problems.append(
                            Problem(
                                kind: .ambiguous, cards: [cards[i].name, cards[j].name],
                                said: Self.tooClose(cards[i], cards[j], distance: distance, turns: turns)))
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
                    said: Messages.later(
                        "picture card '%1$s' (marker %2$s) looks almost the same when turned (correlation %3$s), so which way is up cannot be told; draw something with a clear top, such as an arrow or a figure standing",
                        .plain(card.name), .number(card.marker), Self.decimal(neighbours[index].turnedCorrelation))))
        }
        for i in cards.indices {
            for j in (i + 1)..<cards.count {
                let (value, turns) = cards[i].picture!.closestRotation(of: cards[j].picture!)
                if value > neighbours[i].correlation { (neighbours[i].nearest, neighbours[i].correlation) = (cards[j].name, value) }
                if value > neighbours[j].correlation { (neighbours[j].nearest, neighbours[j].correlation) = (cards[i].name, value) }
                if value >= limit {
                    let alike = Messages.later(
                        "picture cards '%1$s' (marker %2$s) and '%3$s' (marker %4$s) look too alike%5$s (correlation %6$s, at most %7$s can be told apart); make the pictures more different",
                        .plain(cards[i].name), .number(cards[i].marker), .plain(cards[j].name), .number(cards[j].marker),
                        Self.turned(cards[j].name, turns: turns), Self.decimal(value), Self.decimal(limit))
                    problems.append(Problem(kind: .ambiguous, cards: [cards[i].name, cards[j].name], said: alike))
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
                            said: Messages.later(
                                "picture card '%1$s' (marker %2$s) reads almost like the cells of code card '%3$s' (marker %4$s); change the picture or the code card",
                                .plain(picture.name), .number(picture.marker), .plain(code.name), .number(code.marker))))
                }
            }
            for code in codes {
                guard let asPicture = try? MarkerPicture(image: Self.inside(of: code.code!), file: code.name) else { continue }
                let (value, _) = picture.picture!.closestRotation(of: asPicture)
                if value >= Deck.maximumPictureSimilarity {
                    problems.append(
                        Problem(
                            kind: .ambiguous, cards: [picture.name, code.name],
                            said: Messages.later(
                                "picture card '%1$s' (marker %2$s) looks like code card '%3$s' (marker %4$s) (correlation %5$s); change the picture",
                                .plain(picture.name), .number(picture.marker), .plain(code.name), .number(code.marker),
                                Self.decimal(value))))
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

    /// Why two code cards are too close: they differ in `distance` cells when the second is turned `turns` quarter
    /// turns.
    private static func tooClose(_ first: DeckCard, _ second: DeckCard, distance: Int, turns: Int) -> MessageText {
        let turned = Self.turned(second.name, turns: turns)
        if distance == 1 {
            return Messages.later(
                "cards '%1$s' (marker %2$s) and '%3$s' (marker %4$s) differ in only 1 cell%5$s; markers must differ in at least %6$s cells in every rotation so that a misread cell cannot turn one card into another",
                .plain(first.name), .number(first.marker), .plain(second.name), .number(second.marker), turned,
                .number(Deck.requiredDistance))
        }
        return Messages.later(
            "cards '%1$s' (marker %2$s) and '%3$s' (marker %4$s) differ in only %5$s cells%6$s; markers must differ in at least %7$s cells in every rotation so that a misread cell cannot turn one card into another",
            .plain(first.name), .number(first.marker), .plain(second.name), .number(second.marker), .number(distance), turned,
            .number(Deck.requiredDistance))
    }

    /// " when 'b' is turned 90 degrees", or nothing for no turn.
    private static func turned(_ name: String, turns: Int) -> MessageText.Value {
        turns == 0 ? .plain("") : .said(Messages.later(" when '%1$s' is turned %2$s degrees", .plain(name), .number(turns * 90)))
    }

    /// A correlation with two decimals, with the reader's decimal mark when told ("0.93", "0,93").
    private static func decimal(_ value: Double) -> MessageText.Value {
        .decimal(format(value))
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }
}
