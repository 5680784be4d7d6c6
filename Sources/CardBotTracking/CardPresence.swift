import CardBotImaging
import CardBotVision

/// Tells, frame by frame, which cards lie on the table: those read, and those not read whose place still shows
/// their pattern (a dropout of the reading, not of the card).
///
/// In a dark room, through heavy compression or at a slant a card that lies still is read in some frames and not
/// in others. Taken at face value, each dropout of the GO card is a tap and each dropout of a program card a new
/// program. Here a card that is not read is kept in the frame's cards when the patch at its last good view's
/// corners has that view's pattern (``CardView/match(_:)``), nothing else was read there and it was read in at
/// least ``leastReads`` frames before (unread frames between them whose patch still matched count as none), for
/// at most ``longestUnread`` seconds: it is on the table, unread. A hand over it, or its place left empty, changes the
/// patch, so a real cover (a tap, a hand laying a card) and a card taken away are seen as before.
///
/// Frames must come in playing order; unreadable frames are not fed (they neither keep nor drop a view).
struct CardPresence: Sendable {
    /// The longest a card is kept while not read: longer than the dropouts of a dim or noisy recording, shorter
    /// than a rearrangement that leaves an empty table where the card lay.
    static let longestUnread = 4.0
    /// The fewest readings of a card before it is kept through a dropout: a card read once may be a misreading (a
    /// phantom on clutter), which must not last for seconds.
    static let leastReads = 2

    private var views: [CardView] = []
    /// The last frame fed, while cards read in it have no pixels taken yet.
    private var lastImage: GrayImage? = nil
    /// Cards read, summed over the frames fed.
    private(set) var readCards = 0
    /// Cards kept while not read (dropouts), summed over the frames fed.
    private(set) var keptCards = 0
    /// Frames in which the GO card was kept while not read.
    private(set) var keptGoCards = 0

    /// The GO card's marker, counted apart in ``keptGoCards``.
    let goMarker: Int?

    /// Creates a tracker; `goMarker` is the GO card's marker id, when the deck has one.
    init(goMarker: Int?) {
        self.goMarker = goMarker
    }

    /// Feeds the next readable frame (its `image` and the `cards` read in it, in reading order); returns the cards on
    /// the table in reading order: those read, and those unread but still there.
    mutating func observe(_ cards: [Detection], in image: GrayImage, at seconds: Double) -> [Detection] {
        var next: [CardView] = []
        next.reserveCapacity(views.count + cards.count)
        var kept: [Detection] = []
        for var view in views {
            // Read again (or something else read in its place): the view is renewed from this frame's reading.
            if cards.contains(where: { view.overlaps($0.quad) }) { continue }
            // A card read in the last frame takes its view from that frame, now that it is needed.
            guard seconds - view.seen <= Self.longestUnread, let quad = view.match(image, readIn: lastImage) else { continue }
            // The card is followed where the camera's drift took it; its pixels stay those it was last read with.
            view.detection.quad = quad
            next.append(view)
            // A card read once is watched (a second reading confirms it) but not yet put on the table.
            if view.reads >= Self.leastReads { kept.append(view.detection) }
        }
        for card in cards {
            var view = CardView(card, at: seconds)
            if let before = views.first(where: { $0.detection.marker == card.marker && $0.overlaps(card.quad) }) {
                view.reads = before.reads + 1
            }
            next.append(view)
        }
        views = next
        // The frame is kept for the views of its cards, taken only if a card goes unread in the next frame.
        lastImage = cards.isEmpty ? nil : image
        readCards += cards.count
        keptCards += kept.count
        if let goMarker, kept.contains(where: { $0.marker == goMarker }) { keptGoCards += 1 }
        guard !kept.isEmpty else { return cards }
        return ReadingOrder.rows(cards + kept).flatMap { $0 }
    }

    /// The share of the cards on the table that were kept though not read: how much the readings flicker.
    var dropoutShare: Double {
        let total = readCards + keptCards
        return total == 0 ? 0 : Double(keptCards) / Double(total)
    }
}
