import CardBotImaging
import CardBotVision

/// The cards read in each frame of a session, corners kept, by frame: what an attempt's evidence, its thumbnail
/// and its replay are drawn from, so that no frame is detected twice.
///
/// A recording keeps every frame's cards (a few hundred bytes a frame); a live stream keeps only the most recent
/// frames, enough for the tracker, which decides an attempt at most its settle time after the attempt's frame.
struct FrameCards {
    /// The most frames kept; the oldest go first.
    let limit: Int
    private var byFrame: [Int: [Detection]] = [:]
    private var order: [Int] = []
    private var oldest = 0

    /// Keeps the cards of at most `limit` frames (every frame by default).
    init(keeping limit: Int = .max) {
        self.limit = max(1, limit)
    }

    /// Keeps the cards read in the frame `stamp`.
    mutating func keep(_ cards: [Detection], of stamp: FrameStamp) {
        byFrame[stamp.index] = cards
        guard limit != .max else { return }
        order.append(stamp.index)
        if order.count - oldest > limit {
            byFrame[order[oldest]] = nil
            oldest += 1
            if oldest > limit {
                order.removeFirst(oldest)
                oldest = 0
            }
        }
    }

    /// The cards read in the frame `stamp`; none for a frame that was unreadable or is no longer kept.
    func cards(of stamp: FrameStamp) -> [Detection] {
        cards(ofFrame: stamp.index)
    }

    /// The cards read in the frame at `index`; none for a frame that was unreadable or is no longer kept.
    func cards(ofFrame index: Int) -> [Detection] {
        byFrame[index] ?? []
    }
}
