import CardBotImaging
import CardBotPrint
import Testing

/// Text through Pango on a canvas, with the hostile texts a title or a hint may hold: a NUL, a hundred lines,
/// a letter under hundreds of accents.
@Suite("Canvas: text stays in its box")
struct CanvasTextTests {
    static let style = TextStyle(size: 4)

    @Test("a NUL or another control character does not drop the rest of the text; it shows as U+FFFD")
    func controlCharacters() throws {
        let canvas = Canvas(paperWidthMM: 100, heightMM: 40, dpi: 50)
        let before = canvas.measure("Before", style: Self.style).width
        let whole = canvas.measure("Before\u{0}After", style: Self.style).width
        #expect(whole > before + canvas.measure("After", style: Self.style).width * 0.9)
        #expect(
            canvas.measure("One\u{7}Two\u{9B}Three", style: Self.style)
                == canvas.measure("One\u{FFFD}Two\u{FFFD}Three", style: Self.style))
        canvas.text("Before\u{0}After", x: 2, y: 2, style: Self.style)
        let drawn = try #require(canvas.drawnText.last)
        #expect(drawn.text == "Before\u{0}After")
        #expect(drawn.logical.width == whole)
    }

    @Test("a text of a hundred lines given at most two shows two, the last ending in an ellipsis")
    func manyParagraphs() throws {
        let canvas = Canvas(paperWidthMM: 100, heightMM: 100, dpi: 50)
        let text = (1...100).map { "line \($0)" }.joined(separator: "\n")
        let extent = canvas.text(text, x: 2, y: 2, style: Self.style, width: 60, maxLines: 2)
        #expect(extent.lines == 2)
        #expect(extent.ellipsized)
        #expect(extent.height < 2 * Self.style.size * 1.6)
    }

    @Test("a box holds a 1000-letter word, a hundred lines and a letter under 400 accents: no ink outside it")
    func staysInBox() throws {
        let texts = [
            String(repeating: "W", count: 1000), (1...100).map { "line \($0)" }.joined(separator: "\n"),
            "a" + String(repeating: "\u{301}", count: 400),
            "x" + String(repeating: "\u{301}\u{316}", count: 300) + " y",
        ]
        for text in texts {
            let canvas = Canvas(paperWidthMM: 100, heightMM: 100, dpi: 100)
            let box = TextBox(x: 20, y: 40, width: 50, height: 12, maxLines: 2, vertical: .center)
            let extent = canvas.text(text, in: box, style: Self.style)
            #expect(extent.height <= box.height + 1e-6, "\(text.prefix(10))")
            #expect(extent.lines <= 2)
            let drawn = try #require(canvas.drawnText.last)
            #expect(drawn.box == box)
            #expect(box.rectangle.contains(drawn.logical, tolerance: 0.01), "\(drawn.logical)")
            // Every pixel outside the box (and the side bearing at its ends) is still white paper.
            let clip = box.clip(for: Self.style)
            #expect(drawn.clip == clip)
            let image = canvas.image
            let pixel = 100 / 25.4
            var outside = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y] != RGB(255, 255, 255) {
                    let mmX = (Double(x) + 0.5) / pixel
                    let mmY = (Double(y) + 0.5) / pixel
                    let slack = 0.5 / pixel
                    let inClip =
                        mmX >= clip.x - slack && mmX <= clip.maxX + slack && mmY >= clip.y - slack
                        && mmY <= clip.maxY + slack
                    if !inClip { outside += 1 }
                }
            }
            #expect(outside == 0, "\(outside) pixels outside the box for \(text.prefix(10))")
        }
    }

    @Test("a text too long for its box ends in an ellipsis; one that fits is whole")
    func ellipsis() throws {
        let canvas = Canvas(paperWidthMM: 100, heightMM: 100, dpi: 50)
        let box = TextBox(x: 0, y: 0, width: 60, height: 30)
        let long = canvas.text(String(repeating: "H", count: 1000), in: box, style: Self.style)
        #expect(long.ellipsized)
        #expect(long.height <= 30 + 1e-6)
        let short = canvas.text("A short hint.", in: box, style: Self.style)
        #expect(!short.ellipsized)
        #expect(short.lines == 1)
        #expect(canvas.measure("A short hint.", in: box, style: Self.style) == short)
    }
}
