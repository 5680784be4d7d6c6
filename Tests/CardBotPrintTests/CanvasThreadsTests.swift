import CardBotImaging
import Dispatch
import Synchronization
import Testing

@testable import CardBotPrint

/// Canvases on several threads at once, as the synthesizer's workers draw card titles and the grader its pictures.
@Suite("Canvas: text on several threads at once")
struct CanvasThreadsTests {
    @Test("text measured and drawn on four threads at once, a canvas each, comes out as on one thread")
    func concurrentText() {
        let titles = ["forward", "turn left", "repeat 3", "if path ahead", "Zoë", "ΑΒΓ", "Привет", "日本語"]
        @Sendable func draw(_ title: String) -> [UInt8] {
            let style = TextStyle(size: 14, bold: true)
            let extent = Canvas(pixelsWide: 1, high: 1, background: RGB(255, 255, 255)).measure(title, style: style)
            let canvas = Canvas(
                pixelsWide: max(1, Int(extent.width.rounded(.up))), high: max(1, Int(extent.height.rounded(.up))),
                background: RGB(255, 255, 255))
            canvas.text(title, x: 0, y: 0, style: style)
            return canvas.grayImage.pixels
        }
        // The threads start before any text was laid out in this process: the first layouts load the fonts.
        let mismatches = Mutex(0)
        let drawn = Mutex([[UInt8]?](repeating: nil, count: titles.count))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<50 {
                let index = (worker + round) % titles.count
                let pixels = draw(titles[index])
                drawn.withLock { drawn in
                    if let earlier = drawn[index], earlier != pixels { mismatches.withLock { $0 += 1 } }
                    drawn[index] = pixels
                }
            }
        }
        let expected = titles.map(draw)
        #expect(drawn.withLock { $0 } == expected.map { Optional($0) })
        #expect(mismatches.withLock { $0 } == 0)
    }
}
