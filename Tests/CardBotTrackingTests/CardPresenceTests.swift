import CardBotGeometry
import CardBotImaging
@testable import CardBotTracking
import CardBotVision
import Foundation
import Testing

/// A card that drops out of its readings is still on the table when its marker's cells and the ring of card and
/// table around it are what they were; a finger over it, or its place left empty, is not.
@Suite("card presence: unread versus covered")
struct CardPresenceTests {
    /// A marker of 6 x 6 cells (its black border and a 4 x 4 code) on a white card on a grained table, its quad
    /// from `x` `y` with cells of `cell` pixels, and optionally a flat "finger" (gray level 150) from the left edge
    /// of the frame over the marker's left third; `noise` adds a fixed pseudo-random grain of that many levels.
    static func frame(
        x: Double = 60, y: Double = 50, cell: Int = 6, finger: Bool = false, card: Bool = true, noise: Int = 0,
        seed: UInt64 = 1
    ) -> (GrayImage, Detection) {
        let width = 200, height = 160
        var image = GrayImage(width: width, height: height)
        var state = seed
        let code: [[Bool]] = [
            [true, false, true, true], [false, false, true, false], [true, true, false, true], [false, true, false, false],
        ]
        let side = Double(cell * 6)
        for row in 0..<height {
            for column in 0..<width {
                // Wood grain: bands that wander.
                let grain: Double = sin(Double(row) * 0.35 + Double(column) * 0.05)
                var level = 120 + Int(20 * grain)
                let u: Double = (Double(column) - x) / side
                let v: Double = (Double(row) - y) / side
                let onPaper: Bool = (-0.25..<1.25).contains(u) && (-0.25..<1.6).contains(v)
                let onMarker: Bool = (0..<1).contains(u) && (0..<1).contains(v)
                if card && onPaper { level = 230 }
                if card && onMarker {
                    let cu = Int(u * 6), cv = Int(v * 6)
                    let border: Bool = cu == 0 || cv == 0 || cu == 5 || cv == 5
                    let black: Bool = border || code[cv - 1][cu - 1]
                    level = black ? 20 : 230
                }
                let underFinger: Bool = Double(column) < x + side / 3 && (0.2..<0.7).contains(v)
                if finger && underFinger { level = 150 }
                if noise > 0 {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let draw = Int(state >> 58) % (2 * noise + 1)
                    level += draw - noise
                }
                image.pixels[row * width + column] = UInt8(max(0, min(255, level)))
            }
        }
        let quad = Quad(
            topLeft: ImagePoint(x: x, y: y), topRight: ImagePoint(x: x + side, y: y),
            bottomRight: ImagePoint(x: x + side, y: y + side), bottomLeft: ImagePoint(x: x, y: y + side))
        return (image, Detection(marker: 18, name: "go", quad: quad, rotation: 0, confidence: 1, correctedCells: 0))
    }

    @Test("an unread card whose pixels are unchanged is kept, with its corners; a read card is passed through")
    func unreadKept() {
        var presence = CardPresence(goMarker: 18)
        let (image, card) = Self.frame()
        #expect(presence.observe([card], in: image, at: 0) == [card])
        #expect(presence.observe([card], in: image, at: 0.25) == [card])
        // The same pixels, another grain of noise: the reader missed it.
        let (again, _) = Self.frame(noise: 6, seed: 7)
        let kept = presence.observe([], in: again, at: 0.5)
        #expect(kept.map(\.marker) == [18])
        #expect(presence.keptGoCards == 1)
        #expect(abs(presence.dropoutShare - 1.0 / 3) < 1e-9)
    }

    @Test("a card the camera's drift moved by 2 px is still found, and followed")
    func drift() throws {
        var presence = CardPresence(goMarker: 18)
        let (image, card) = Self.frame()
        _ = presence.observe([card], in: image, at: 0)
        _ = presence.observe([card], in: image, at: 0.1)
        let (moved, _) = Self.frame(x: 62, y: 49)
        let kept = try #require(presence.observe([], in: moved, at: 0.2).first)
        #expect(abs(kept.quad.topLeft.x - 62) <= 1 && abs(kept.quad.topLeft.y - 49) <= 1)
    }

    @Test("a finger over a third of the marker and the card's margin is a cover, not a dropout")
    func fingerCovers() {
        var presence = CardPresence(goMarker: 18)
        let (image, card) = Self.frame()
        _ = presence.observe([card], in: image, at: 0)
        _ = presence.observe([card], in: image, at: 0.1)
        let (covered, _) = Self.frame(finger: true)
        #expect(presence.observe([], in: covered, at: 0.2).isEmpty)
        #expect(presence.keptGoCards == 0)
    }

    @Test("a card taken away leaves the table, which is not the card")
    func takenAway() {
        var presence = CardPresence(goMarker: nil)
        let (image, card) = Self.frame()
        _ = presence.observe([card], in: image, at: 0)
        _ = presence.observe([card], in: image, at: 0.1)
        let (empty, _) = Self.frame(card: false)
        #expect(presence.observe([], in: empty, at: 0.5).isEmpty)
    }

    @Test("an unread card is kept for at most the longest dropout, then dropped")
    func longestDropout() {
        var presence = CardPresence(goMarker: 18)
        let (image, card) = Self.frame()
        _ = presence.observe([card], in: image, at: 0)
        _ = presence.observe([card], in: image, at: 0.1)
        #expect(presence.observe([], in: image, at: CardPresence.longestUnread - 0.1).count == 1)
        #expect(presence.observe([], in: image, at: CardPresence.longestUnread + 0.3).isEmpty)
    }

    @Test("a card read elsewhere does not hide an unread one; one read once (a phantom) is not kept; one read in its place replaces it")
    func otherCards() {
        var presence = CardPresence(goMarker: 18)
        let (image, card) = Self.frame()
        _ = presence.observe([card], in: image, at: 0)
        _ = presence.observe([card], in: image, at: 0.1)
        var elsewhere = card
        elsewhere.marker = 0
        elsewhere.quad = Quad(card.corners.map { ImagePoint(x: $0.x + 100, y: $0.y + 60) })
        #expect(presence.observe([elsewhere], in: image, at: 0.2).map(\.marker).sorted() == [0, 18])
        // The phantom, read once on the plain table, is gone when it is not read again; the GO card is kept.
        #expect(presence.observe([], in: image, at: 0.3).map(\.marker) == [18])
        var here = card
        here.marker = 3
        #expect(presence.observe([here], in: image, at: 0.4).map(\.marker) == [3])
    }
}
