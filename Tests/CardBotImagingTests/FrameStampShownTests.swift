import CardBotImaging
import Testing

/// Which frame names are clock readings, whose decimal point a person's language may write otherwise; a still's
/// file name is never touched.
@Suite struct FrameStampShownTests {
    @Test("clock readings as clock(_:) writes them are recognised; file names and other text are not", arguments: [
        ("0:11.5", true), ("0:05", true), ("61:40", true), ("1:02.5", true),
        ("frame-0011.jpg", false), ("0:1.5", false), ("0:11.55", false), (":11", false), ("0:11.", false), ("a:11", false),
        ("12.5", false), ("0:11.5.jpg", false),
    ])
    func clocks(name: String, isClock: Bool) {
        #expect(FrameStamp.isClock(name) == isClock)
    }

    @Test("in English a frame's shown name is its name, and a shown clock is the clock")
    func english() {
        #expect(FrameStamp.shown("frame-0011.jpg") == "frame-0011.jpg")
        #expect(FrameStamp.shown("0:34.4") == "0:34.4")
        #expect(FrameStamp.shownClock(34.4) == FrameStamp.clock(34.4))
    }
}
