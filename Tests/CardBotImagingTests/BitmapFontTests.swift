import CardBotImaging
import Testing

@Suite("Bitmap font")
struct BitmapFontTests {
    static let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#.:/()+=_%!?")

    func render(_ text: String, scale: Int = 1) -> GrayImage {
        let size = BitmapFont.size(of: text, scale: scale)
        var image = GrayImage(width: max(1, size.width + 4), height: size.height + 4)
        image.drawText(text, x: 2, y: 2, scale: scale, color: 255)
        return image
    }

    @Test("every glyph is distinct from every other")
    func distinctGlyphs() {
        var seen: [[UInt8]: Character] = [:]
        for character in Self.characters {
            #expect(BitmapFont.hasGlyph(character), "\(character) has no glyph")
            let pixels = render(String(character)).pixels
            #expect(pixels.contains(255), "\(character) draws nothing")
            if let other = seen[pixels] {
                Issue.record("\(character) looks the same as \(other)")
            }
            seen[pixels] = character
        }
    }

    @Test("a space draws nothing and an unknown character draws a box")
    func spaceAndFallback() {
        #expect(!render("   ").pixels.contains(255))
        #expect(!BitmapFont.hasGlyph("é"))
        #expect(render("é").pixels.contains(255))
    }

    @Test("text scales by whole pixels and stays inside its measured box", arguments: [1, 2, 3])
    func scaling(scale: Int) {
        let text = "Turn left #3"
        let size = BitmapFont.size(of: text, scale: scale)
        #expect(size.width == (text.count * 6 - 1) * scale)
        #expect(size.height == 9 * scale)
        let image = render(text, scale: scale)
        let ones = render(text, scale: 1)
        #expect(image.pixels.filter { $0 == 255 }.count == ones.pixels.filter { $0 == 255 }.count * scale * scale)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] == 255 {
                #expect(x >= 2 && y >= 2 && x < 2 + size.width && y < 2 + size.height)
            }
        }
    }

    @Test("a label keeps its box inside the image near the edges")
    func labelStaysInside() {
        var image = RGBImage(width: 60, height: 30)
        let box = image.drawLabel("end", x: 55, y: 25, scale: 2, color: RGB(255, 255, 255), background: RGB(0, 0, 200))
        #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 60 && box.y + box.height <= 30)
        #expect(image[box.x, box.y] == RGB(0, 0, 200))
        #expect(image.pixels.contains(255))
    }
}
