import CardBotImaging
import Testing

@Suite("Image format sniffing")
struct ImageFormatTests {
    @Test("PNG and JPEG are recognised by magic bytes, not names")
    func sniff() {
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff(Array("hello, world".utf8)) == nil)
        #expect(ImageFormat.sniff([UInt8]()) == nil)
    }
}
